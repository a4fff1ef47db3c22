import TallyCore

/// The fields an `edit` sets, with names looked up and dates resolved once:
/// the one rule for each field, whether the edit names one bill or a
/// condition picks many.
struct BillEdit {
    private let evaluator: Evaluator
    private var book: Located<Book>?
    private var category: Located<Category>?
    /// Read in each bill's own currency, once it is known.
    private(set) var amount: AmountExpression?
    private var remark: String?
    private var place: String??
    private var day: Day?
    private var tags: Located<TagChange>?
    private var account: AccountReference?

    init(_ assignments: [Assignment], evaluator: Evaluator) throws(Diagnostic) {
        self.evaluator = evaluator
        let ledger = evaluator.ledger
        for assignment in assignments {
            switch assignment {
            case .amount(let expression): amount = expression
            case .category(let name): category = Located(try ledger.categoryTakingBills(named: name), name.range)
            case .remark(let text): remark = text
            case .place(let text): place = .some(text)
            case .date(let date): day = date.value.resolve(today: evaluator.today)
            case .tags(let change): tags = change
            case .book(let name): book = Located(try ledger.book(named: name), name.range)
            case .account(let reference): account = reference
            }
        }
    }

    /// `bill` with the fields set; a refund stays one while its category is
    /// an expense category. With `keepingKind`, a category of the
    /// other kind than the bill's is refused, naming the bill: a condition
    /// may pick bills of both kinds, and would silently turn spending into
    /// income.
    func applied(to bill: Bill, keepingKind: Bool) throws(Diagnostic) -> Bill {
        let ledger = evaluator.ledger
        var edited = bill
        let owner = ledger.book(id: bill.bookID) ?? ledger.currentBook
        let currency = owner.currency
        if let book {
            // An amount means the same in its new book only when the currency stays.
            guard book.value.currency == currency else {
                throw Diagnostic(
                    .billInAnotherCurrency(book: book.value.name, keeps: book.value.currency.code, bill: bill.id, currency: currency.code),
                    at: book.range)
            }
            edited.bookID = book.value.id
            if book.value.id != bill.bookID { edited.accountID = ledger.billAccountID(ledger.defaultAccount(ofBook: book.value.id)) }
        }
        if let account {
            let named = try evaluator.account(account, inBook: ledger.book(id: edited.bookID) ?? owner)
            guard named.bookID == edited.bookID else {
                throw Diagnostic(.accountInAnotherBook(account: named.name, book: ledger.book(id: named.bookID)?.name ?? "", bill: bill.id), at: account.range)
            }
            edited.accountID = ledger.billAccountID(named)
        }
        if let category {
            if keepingKind, let kind = ledger.category(id: bill.categoryID)?.kind, kind != category.value.kind {
                throw Diagnostic(.kindWouldChange(category: category.value.name, kind: category.value.kind, bill: bill.id), at: category.range)
            }
            edited.categoryID = category.value.id
        }
        // A refund given a new amount stays money back.
        if let amount { edited.amount = try evaluator.amount(amount, in: owner) * (bill.isRefund ? -1 : 1) }
        // Money back moved to an income category is money received.
        if edited.isRefund, ledger.category(id: edited.categoryID)?.kind == .income { edited.amount = -edited.amount }
        if let remark { edited.remark = remark }
        if let place { edited.place = place }
        if let day { edited.day = day }
        if let tags { edited.tags = try BillEdit.tags(bill.tags, changedBy: tags) }
        return edited
    }

    private static func tags(_ tags: [String], changedBy change: Located<TagChange>) throws(Diagnostic) -> [String] {
        switch change.value {
        case .replace(let names):
            return names
        case .adjust(let adding, let removing):
            var kept = TagList()
            for name in tags + adding where !removing.contains(name) {
                if let problem = kept.add(name: name) { throw Diagnostic(problem, at: change.range) }
            }
            return kept.names
        }
    }
}
