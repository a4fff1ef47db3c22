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
            categories: ExportAccounts.byName(categories.map { ($0.name, $0.aliases, $0.account) }),
            held: heldAccounts)
    }

    /// The accounts of each book that keeps several, each with its part
    /// under the book's, by book and account name. They are given in the
    /// order the accounts were made, so an account added later takes no name
    /// an earlier one had.
    private var heldAccounts: [String: [String: ExportAccounts.Held]] {
        var held: [String: [String: ExportAccounts.Held]] = [:]
        for book in books where keepsAccounts(inBooks: [book.id]) {
            let owned = accounts(ofBook: book.id).sorted { $0.id < $1.id }
            let parts = ExportAccount.give(to: owned.map { ($0.name, []) }, besides: [])
            held[Names.key(book.name)] = Dictionary(
                zip(owned, parts).map { (Names.key($0.name), ExportAccounts.Held(part: $1, isLiability: $0.kind.isLiability)) },
                uniquingKeysWith: { first, _ in first })
        }
        return held
    }
}

/// The accounts an export names its books, their accounts and categories by, found by name.
public struct ExportAccounts: Sendable {
    private let books: [String: ExportAccount]
    private let categories: [String: ExportAccount]
    private let held: [String: [String: Held]]

    /// An account of a book that keeps several: its part under the book's, and whether it holds what is owed.
    struct Held: Sendable {
        let part: ExportAccount
        let isLiability: Bool
    }

    init(books: [String: ExportAccount], categories: [String: ExportAccount], held: [String: [String: Held]]) {
        self.books = books
        self.categories = categories
        self.held = held
    }

    public func book(_ name: String) -> ExportAccount {
        books[Names.key(name)] ?? ExportAccount.give(to: [(name, [])], besides: [])[0]
    }

    public func category(_ name: String) -> ExportAccount {
        categories[Names.key(name)] ?? ExportAccount.give(to: [(name, [])], besides: [])[0]
    }

    /// The whole name of the account money is held in: `assets:BOOK` for a
    /// book that keeps one account (`account` nil), else `assets:BOOK:ACCOUNT`,
    /// or `liabilities:BOOK:ACCOUNT` for a credit card; in beancount
    /// `Assets:Book`, `Assets:Book:Account` and `Liabilities:Book:Account`.
    public func holding(book: String, account: String?) -> (journal: String, beancount: String) {
        let bookPart = self.book(book)
        guard let account else { return ("assets:" + bookPart.journal, "Assets:" + bookPart.beancount) }
        let held = held[Names.key(book)]?[Names.key(account)]
            ?? Held(part: ExportAccount.give(to: [(account, [])], besides: [])[0], isLiability: false)
        let (journal, beancount) = held.isLiability ? ("liabilities:", "Liabilities:") : ("assets:", "Assets:")
        return (journal + bookPart.journal + ":" + held.part.journal, beancount + bookPart.beancount + ":" + held.part.beancount)
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
