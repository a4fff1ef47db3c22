import TallyCore

/// The rows that number `order` again from 1, one for each item whose number
/// changes: what moving a rule or a category writes, so the others keep their order.
func renumbering<Item>(_ order: [Item], at position: WritableKeyPath<Item, Int>, as record: (Item) -> Record) -> [RowChange] {
    order.enumerated().compactMap { index, old -> RowChange? in
        guard old[keyPath: position] != index + 1 else { return nil }
        var moved = old
        moved[keyPath: position] = index + 1
        return RowChange(before: record(old), after: record(moved))
    }
}
