import TallyCore

/// Each category's kind by id. Ids count up from 1, so they index an array
/// and a bill's kind is read without hashing, once per bill of every query.
struct CategoryKinds {
    /// Past this id, kinds are looked up in `sparse` instead.
    private static let denseLimit: Int64 = 65_536
    private let dense: [Kind?]
    private let sparse: [Int64: Kind]

    init(_ categories: [Category]) {
        var dense = [Kind?](repeating: nil, count: Int(min(CategoryKinds.denseLimit, (categories.map(\.id).max() ?? 0) + 1)))
        var sparse: [Int64: Kind] = [:]
        for category in categories {
            if category.id >= 0 && category.id < CategoryKinds.denseLimit {
                dense[Int(category.id)] = category.kind
            } else {
                sparse[category.id] = category.kind
            }
        }
        self.dense = dense
        self.sparse = sparse
    }

    subscript(id id: Int64) -> Kind? {
        id >= 0 && id < dense.count ? dense[Int(id)] : sparse[id]
    }
}
