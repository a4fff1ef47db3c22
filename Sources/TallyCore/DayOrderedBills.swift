/// A ledger's bills in day order, where a bill dated before the last one
/// waits, with up to `waitingAtMost` others, to be moved into place: each
/// move shifts every later row of ten columns, so a script of a hundred
/// thousand back-dated bills moves a million rows a hundred times, not a
/// hundred thousand times.
@usableFromInline
struct DayOrderedBills: Equatable, Sendable {
    static let waitingAtMost = 1024

    @usableFromInline private(set) var settled: BillColumns
    /// In the order added.
    @usableFromInline private(set) var waiting: [Bill] = []

    init(_ columns: BillColumns) {
        settled = columns
    }

    /// Every bill in day order. Reading this while bills wait builds the
    /// columns afresh, which is right but slow: whoever reads many bills
    /// settles first. Inlined, so that a query reading the settled columns
    /// in a loop copies nothing.
    @inlinable var columns: BillColumns {
        waiting.isEmpty ? settled : withWaitingPutInPlace()
    }

    @usableFromInline func withWaitingPutInPlace() -> BillColumns {
        var columns = settled
        columns.insert(contentsOf: waiting.sorted(by: Bill.dayOrder))
        return columns
    }

    mutating func add(_ bill: Bill) {
        if let last = settled.indices.last, !settled.precedes(last, bill) {
            waiting.append(bill)
            if waiting.count >= DayOrderedBills.waitingAtMost { settle() }
        } else {
            settled.append(bill)
        }
    }

    mutating func settle() {
        guard !waiting.isEmpty else { return }
        settled.insert(contentsOf: waiting.sorted(by: Bill.dayOrder))
        waiting = []
    }

    /// Changes the settled columns; bills waiting are settled first.
    mutating func change(_ body: (inout BillColumns) -> Void) {
        settle()
        body(&settled)
    }

    @usableFromInline static func == (a: DayOrderedBills, b: DayOrderedBills) -> Bool {
        a.columns == b.columns
    }
}
