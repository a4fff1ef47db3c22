extension Ledger {
    /// The account for a category made or renamed (`id`) to `name`, besides every other category's.
    public func categoryAccount(_ name: String, aliases: [String], renaming id: Int64? = nil) -> ExportAccount {
        ExportAccount.give(to: [(name, aliases)], besides: categories.filter { $0.id != id }.compactMap(\.account))[0]
    }

    /// The account for a book made or renamed (`id`) to `name`, besides every other book's.
    public func bookAccount(_ name: String, renaming id: Int64? = nil) -> ExportAccount {
        ExportAccount.give(to: [(name, [])], besides: books.filter { $0.id != id }.compactMap(\.account))[0]
    }

    /// Every book's and category's account. One that has none (only undo
    /// brings back a row from before accounts were kept) is given one here
    /// as the store would, without writing it.
    public var exportAccounts: ExportAccounts {
        ExportAccounts(
            books: ExportAccounts.byName(books.map { ($0.name, [], $0.account) }),
            categories: ExportAccounts.byName(categories.map { ($0.name, $0.aliases, $0.account) }))
    }
}

/// The accounts an export names its books and categories by, found by name.
public struct ExportAccounts: Sendable {
    private let books: [String: ExportAccount]
    private let categories: [String: ExportAccount]

    init(books: [String: ExportAccount], categories: [String: ExportAccount]) {
        self.books = books
        self.categories = categories
    }

    public func book(_ name: String) -> ExportAccount {
        books[Names.key(name)] ?? ExportAccount.give(to: [(name, [])], besides: [])[0]
    }

    public func category(_ name: String) -> ExportAccount {
        categories[Names.key(name)] ?? ExportAccount.give(to: [(name, [])], besides: [])[0]
    }

    static func byName(_ owners: [(name: String, aliases: [String], account: ExportAccount?)]) -> [String: ExportAccount] {
        let missing = owners.filter { $0.account == nil }
        let given = ExportAccount.give(to: missing.map { ($0.name, $0.aliases) }, besides: owners.compactMap(\.account))
        var accounts: [String: ExportAccount] = [:]
        for (owner, account) in zip(missing, given) { accounts[Names.key(owner.name)] = account }
        for owner in owners {
            if let account = owner.account { accounts[Names.key(owner.name)] = account }
        }
        return accounts
    }
}
