/// Each group's accumulator, found through a grid indexed by the cell's
/// slots rather than by hashing the cell for every bill. Cells that would
/// make the grid too large are kept in a dictionary instead.
struct CellTable {
    private(set) var cells: [CellKey] = []
    private(set) var accumulators: [Accumulator] = []
    /// By row (the first slot) and column (the second slot and currency): an index into `cells`, or -1.
    private var grid: [Int32] = []
    private var width = 0
    private var height = 0
    private var outside: [CellKey: Int32] = [:]
    /// How many columns one second slot spans: one per currency, and one for none.
    private let currencySpan: Int
    private static let largestGrid = 1 << 22

    init(currencies: Int) {
        currencySpan = currencies + 1
    }

    @inline(__always)
    mutating func add(_ amount: Int64, to cell: CellKey) {
        accumulators[index(of: cell)].add(amount)
    }

    private func column(of cell: CellKey) -> Int {
        (Int(cell.second) + 1) * currencySpan + Int(cell.currency) + 1
    }

    /// A cell met before, found in the grid without a call: nearly every bill's.
    @inline(__always)
    private mutating func index(of cell: CellKey) -> Int {
        let (row, column) = (Int(cell.first), column(of: cell))
        if row < height && column < width {
            let known = grid[row * width + column]
            if known >= 0 { return Int(known) }
        }
        return place(cell)
    }

    private mutating func place(_ cell: CellKey) -> Int {
        let (row, column) = (Int(cell.first), column(of: cell))
        if row >= height || column >= width { regrid(toFit: row, column) }
        if row < height && column < width {
            let place = row * width + column
            if grid[place] >= 0 { return Int(grid[place]) }
            grid[place] = Int32(cells.count)
        } else if let index = outside[cell] {
            return Int(index)
        } else {
            outside[cell] = Int32(cells.count)
        }
        cells.append(cell)
        accumulators.append(Accumulator())
        return cells.count - 1
    }

    /// Grows the grid by doublings to hold (`row`, `column`), when it may grow that far.
    private mutating func regrid(toFit row: Int, _ column: Int) {
        var (newWidth, newHeight) = (max(width, 8), max(height, 8))
        while newWidth <= column { newWidth *= 2 }
        while newHeight <= row { newHeight *= 2 }
        guard newWidth * newHeight <= CellTable.largestGrid else { return }
        (width, height) = (newWidth, newHeight)
        grid = [Int32](repeating: -1, count: width * height)
        outside = [:]
        for (index, cell) in cells.enumerated() {
            let (row, column) = (Int(cell.first), self.column(of: cell))
            if row < height && column < width {
                grid[row * width + column] = Int32(index)
            } else {
                outside[cell] = Int32(index)
            }
        }
    }
}

/// An accumulator for each slot of one dimension: the totals of a grid's rows or columns.
struct SlotTotals {
    private(set) var accumulators: [Accumulator] = []

    mutating func add(_ amount: Int64, at slot: Int32) {
        grow(toHold: slot)
        accumulators[Int(slot)].add(amount)
    }

    mutating func add(_ accumulator: Accumulator, at slot: Int32) {
        grow(toHold: slot)
        accumulators[Int(slot)].add(accumulator)
    }

    private mutating func grow(toHold slot: Int32) {
        let slot = Int(slot)
        if slot >= accumulators.count { accumulators += [Accumulator](repeating: Accumulator(), count: slot + 1 - accumulators.count) }
    }

    /// Each slot that holds at least one bill, with its accumulator.
    var filled: [(slot: Int, accumulator: Accumulator)] {
        accumulators.indices.filter { accumulators[$0].count > 0 }.map { ($0, accumulators[$0]) }
    }
}
