/// Account names for exports: each book and category under its root, made
/// valid by `clean`; two names that clean to the same account are told apart
/// by a number, so no two categories ever share one.
struct AccountNames {
    /// A name made valid for an account under a root (`Expenses`, `assets`).
    let clean: (_ root: String, _ name: String) -> String
    private var assigned: [String: String] = [:]
    private var taken: Set<String> = []

    init(clean: @escaping (_ root: String, _ name: String) -> String) {
        self.clean = clean
    }

    mutating func name(_ root: String, _ name: String) -> String {
        let key = root + "\u{0}" + name
        if let account = assigned[key] { return account }
        let base = root + ":" + clean(root, name)
        var account = base
        var number = 2
        while taken.contains(account.lowercased()) {
            account = base + "-\(number)"
            number += 1
        }
        taken.insert(account.lowercased())
        assigned[key] = account
        return account
    }

    /// Every account given so far, sorted.
    var all: [String] { assigned.values.sorted() }
}
