import TallyCore

/// Values looked up by a category's or book's id once per bill of a query.
/// Ids count up from 1, so they index an array and no id is hashed.
struct ByID<Value> {
    /// Past this id, values are looked up in `sparse` instead.
    private static var denseLimit: Int64 { 65_536 }
    private let dense: [Value?]
    private let sparse: [Int64: Value]

    init(_ pairs: some Collection<(Int64, Value)>) {
        var dense = [Value?](repeating: nil, count: Int(min(ByID.denseLimit, (pairs.map(\.0).max() ?? 0) + 1)))
        var sparse: [Int64: Value] = [:]
        for (id, value) in pairs {
            if id >= 0 && id < ByID.denseLimit {
                dense[Int(id)] = value
            } else {
                sparse[id] = value
            }
        }
        self.dense = dense
        self.sparse = sparse
    }

    subscript(id: Int64) -> Value? {
        id >= 0 && id < dense.count ? dense[Int(id)] : sparse[id]
    }
}

extension ByID where Value == Kind {
    /// Each category's kind.
    init(kindsOf categories: [TallyCore.Category]) {
        self.init(categories.map { ($0.id, $0.kind) })
    }
}
