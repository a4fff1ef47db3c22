import TallyCore
import TallyLanguage

extension Evaluator {
    /// A peer's ledger (hledger's or ledger's journal, a beancount file), read
    /// once by the session, as one change: a transaction of one expense or
    /// income posting and one asset or liability posting is a bill, one
    /// between two assets a transfer, a price a rate, a balance assertion a
    /// reconciliation; what fits none is listed with its line. What the
    /// ledger holds already is there already, so the same file twice adds nothing.
    public func importingJournal(_ journal: PeerJournal, file: Located<String>, book: Located<String>?, beancount: Bool) throws(Diagnostic) -> Outcome {
        var reading = JournalImport(evaluator: self, file: file, chosenBook: try book.map { name throws(Diagnostic) in try ledger.book(named: name) },
                                    beancount: beancount)
        let counts = try reading.read(journal)
        let done = Done.journalImported(counts, file: file.value)
        guard !reading.rows.isEmpty else { return .result(.done(done), format: nil) }
        return .change(ChangeSet(summary: Phrase.said("imported %s", file.value), rows: reading.rows), done: .done(done), asking: nil)
    }
}

/// The mapping of one file's entries onto the ledger, kept as it goes: the
/// accounts and categories it makes, and every row of the change.
struct JournalImport {
    let evaluator: Evaluator
    let file: Located<String>
    let chosenBook: Book?
    let beancount: Bool
    private(set) var rows: [RowChange] = []
    private var counts = JournalImportCounts()
    /// The ledger with the rows so far: where accounts, categories and balances are looked up.
    private var ledger: Ledger
    private var accountOfPath: [String: Int64] = [:]
    /// The bills and transfers the ledger has, by what they hold, each as many times as it has them.
    private var held: [String: Int] = [:]
    /// The first day a skipped transaction posts to each account: its balance from then on cannot agree with the file's.
    private var partlyReadFrom: [String: Day] = [:]
    private var nextBillID: Int64
    private var nextTransferID: Int64
    private var nextRateID: Int64
    private var nextReconciliationID: Int64

    init(evaluator: Evaluator, file: Located<String>, chosenBook: Book?, beancount: Bool) {
        self.evaluator = evaluator
        self.file = file
        self.chosenBook = chosenBook
        self.beancount = beancount
        ledger = evaluator.ledger
        nextBillID = ledger.nextBillID
        nextTransferID = ledger.nextTransferID
        nextRateID = ledger.nextRateID
        nextReconciliationID = ledger.nextReconciliationID
        for index in ledger.bills.indices { held[JournalImport.key(ledger.bills[index], in: ledger), default: 0] += 1 }
        for transfer in ledger.transfers { held[JournalImport.key(transfer), default: 0] += 1 }
    }

    mutating func read(_ journal: PeerJournal) throws(Diagnostic) -> JournalImportCounts {
        for skipped in journal.skipped { counts.skipped.append(JournalImport.note(line: skipped.line, skipped.text, skipped.reason)) }
        for transaction in journal.transactions { try take(transaction) }
        for price in journal.prices { take(price) }
        for balance in journal.balances.sorted(by: { ($0.day, $0.line) < ($1.day, $1.line) }) { try take(balance) }
        counts.skipped.sort { JournalImport.lineNumber($0) < JournalImport.lineNumber($1) }
        return counts
    }

    /// `line 12: 2016-07-01 Paycheck — 5 postings; a bill or a transfer has two`:
    /// what was not imported and why, the reason in the reader's language. The
    /// counts group the notes by what follows ` — ` and read the line after `line `.
    private static func note(line: Int, _ what: String, _ reason: String) -> String {
        "line \(line): \(what) — \(reason)"
    }

    private static func note(line: Int, _ day: Day, _ what: String, _ reason: String) -> String {
        note(line: line, "\(day.iso) \(what)", reason)
    }

    private static func lineNumber(_ note: String) -> Int {
        Int(note.dropFirst(5).prefix { $0.isNumber }) ?? 0
    }

    // MARK: Transactions

    private enum Root {
        case money, expense, income, equity, other

        init(_ account: String) {
            switch Names.key(String(account.prefix { $0 != ":" })) {
            case "assets", "asset", "liabilities", "liability": self = .money
            case "expenses", "expense": self = .expense
            case "income", "revenue", "revenues": self = .income
            case "equity": self = .equity
            default: self = .other
            }
        }
    }

    private mutating func skip(_ transaction: PeerTransaction, _ reason: String) {
        let title = [transaction.payee, transaction.narration].filter { !$0.isEmpty }.joined(separator: " ")
        counts.skipped.append(JournalImport.note(line: transaction.line, transaction.day, title, reason))
        for posting in transaction.postings where Root(posting.account) == .money {
            let key = Names.key(posting.account)
            partlyReadFrom[key] = min(partlyReadFrom[key] ?? transaction.day, transaction.day)
        }
    }

    private mutating func take(_ transaction: PeerTransaction) throws(Diagnostic) {
        let postings = transaction.postings.filter { $0.kind == .real }
        guard postings.count == transaction.postings.count else { return skip(transaction, Translation.translated("virtual postings, which no account holds")) }
        guard !postings.contains(where: \.hasCostOrPrice) else {
            return skip(transaction, Translation.translated("a posting at a cost or price: not money in one currency"))
        }
        guard postings.count == 2 else { return skip(transaction, Translation.translated("%d postings; a bill or a transfer has two", postings.count)) }
        let (first, second) = (postings[0], postings[1])
        switch (Root(first.account), Root(second.account)) {
        case (.money, .money): try transfer(transaction, first, second)
        case (.money, .expense), (.money, .income): try bill(transaction, flow: second, money: first)
        case (.expense, .money), (.income, .money): try bill(transaction, flow: first, money: second)
        case (.money, .equity): try opening(transaction, first)
        case (.equity, .money): try opening(transaction, second)
        default: skip(transaction, Translation.translated("no asset or liability posting against an expense or income"))
        }
    }

    private mutating func bill(_ transaction: PeerTransaction, flow: PeerPosting, money: PeerPosting) throws(Diagnostic) {
        guard let amount = flow.amount else { return skip(transaction, Translation.translated("an amount that cannot be worked out")) }
        guard let currency = JournalImport.currency(amount.commodity) else {
            return skip(transaction, Translation.translated("%s is not a currency", amount.commodity))
        }
        guard let book = book(for: transaction, money: money.account, currency: currency) else {
            return skip(transaction, Translation.translated("no book keeps %s", currency.code))
        }
        guard let minor = JournalImport.minor(amount, in: book.currency) else {
            return skip(transaction, Translation.translated("%s has more decimals than %s has", amount.text, book.currency.code))
        }
        let kind: Kind = Root(flow.account) == .expense ? .expense : .income
        // An expense posting below zero is money back; income is the credit of its posting.
        let billAmount = kind == .expense ? minor : -minor
        guard billAmount != 0 else { return skip(transaction, Translation.translated("an amount of zero")) }
        guard kind == .expense || billAmount > 0 else { return skip(transaction, Translation.translated("income below zero, which no bill is")) }
        let account = try self.account(money.account, in: book, line: money.line)
        let category = category(flow.account, kind: kind)
        let metadata = transaction.metadata
        let description = beancount ? transaction.narration : [transaction.payee, transaction.narration].filter { !$0.isEmpty }.joined(separator: " | ")
        let remark = metadata["remark"] ?? (Names.key(description) == Names.key(category.name) ? "" : description)
        let place = metadata["place"] ?? (beancount && !transaction.payee.isEmpty ? transaction.payee : nil)
        let named = transaction.metadata["book"].flatMap(ledger.book(named:))
        let tags = transaction.tags.filter { named == nil || Names.key($0) != "book" }
        let bill = Bill(
            id: nextBillID, bookID: book.id, categoryID: category.id, amount: billAmount, day: transaction.day, remark: remark, place: place,
            tags: tags, created: evaluator.now, updated: evaluator.now, accountID: ledger.billAccountID(account))
        if takeHeld(JournalImport.key(bill, in: ledger)) { return }
        nextBillID += 1
        put(RowChange(before: nil, after: .bill(bill)))
        counts.bills += 1
    }

    private mutating func transfer(_ transaction: PeerTransaction, _ first: PeerPosting, _ second: PeerPosting) throws(Diagnostic) {
        guard let a = first.amount, let b = second.amount, let aCurrency = JournalImport.currency(a.commodity),
              let bCurrency = JournalImport.currency(b.commodity) else { return skip(transaction, Translation.translated("an amount that is not money in a currency")) }
        let (from, to) = a.units < 0 ? ((first, a, aCurrency), (second, b, bCurrency)) : ((second, b, bCurrency), (first, a, aCurrency))
        guard let fromBook = book(for: transaction, money: from.0.account, currency: from.2),
              let toBook = book(for: transaction, money: to.0.account, currency: to.2) else {
            let reason = from.2.code == to.2.code
                ? Translation.translated("no book keeps %s", from.2.code) : Translation.translated("no book keeps %s and %s", from.2.code, to.2.code)
            return skip(transaction, reason)
        }
        guard let sent = JournalImport.minor(from.1, in: fromBook.currency).map({ -$0 }), let received = JournalImport.minor(to.1, in: toBook.currency),
              sent > 0, received > 0 else { return skip(transaction, Translation.translated("amounts that move no money one way")) }
        let fromAccount = try account(from.0.account, in: fromBook, line: from.0.line)
        let toAccount = try account(to.0.account, in: toBook, line: to.0.line)
        guard fromAccount.id != toAccount.id else { return skip(transaction, Translation.translated("both postings are one account's")) }
        let remark = transaction.metadata["remark"] ?? [transaction.payee, transaction.narration].filter { !$0.isEmpty }.joined(separator: " ")
        let transfer = Transfer(id: nextTransferID, day: transaction.day, from: fromAccount.id, amount: sent, to: toAccount.id, received: received,
                                remark: remark, created: evaluator.now)
        if takeHeld(JournalImport.key(transfer)) { return }
        nextTransferID += 1
        put(RowChange(before: nil, after: .transfer(transfer)))
        counts.transfers += 1
    }

    /// An opening balance posted against equity becomes the account's opening, from that day.
    private mutating func opening(_ transaction: PeerTransaction, _ posting: PeerPosting) throws(Diagnostic) {
        guard let amount = posting.amount, let currency = JournalImport.currency(amount.commodity),
              let book = book(for: transaction, money: posting.account, currency: currency),
              let minor = JournalImport.minor(amount, in: book.currency) else {
            return skip(transaction, Translation.translated("an opening that is not money in a book's currency"))
        }
        let account = try self.account(posting.account, in: book, line: posting.line)
        if account.opening == minor && account.openingDay == transaction.day {
            counts.alreadyThere += 1
            return
        }
        guard account.opening == 0 else { return skip(transaction, Translation.translated("account '%s' has an opening already", account.name)) }
        var opened = account
        opened.opening = minor
        opened.openingDay = transaction.day
        put(RowChange(before: .account(account), after: .account(opened)))
        counts.openings += 1
    }

    // MARK: Prices and balances

    private mutating func take(_ price: PeerPrice) {
        guard let base = JournalImport.currency(price.commodity)?.code, let quote = JournalImport.currency(price.price.commodity)?.code, base != quote,
              price.price.units > 0, let units = Int64(exactly: price.price.units), price.price.scale <= 18 else {
            counts.skipped.append(JournalImport.note(
                line: price.line, price.day, Translation.translated("price of %s", price.commodity), Translation.translated("not a rate of one currency in another")))
            return
        }
        let rate = ExchangeRate(id: nextRateID, base: base, quote: quote, day: price.day, rate: ExactRate(units: units, scale: price.price.scale))
        if let kept = ledger.rate(given: base, quote, on: price.day) {
            guard kept.rate != rate.rate else {
                counts.alreadyThere += 1
                return
            }
            put(RowChange(before: .rate(kept), after: nil))
        }
        nextRateID += 1
        put(RowChange(before: nil, after: .rate(rate)))
        counts.rates += 1
    }

    /// A balance assertion is a reconciliation at the end of its day (the day
    /// before, for beancount's, which hold at a day's start), checked against
    /// what the import leaves the account holding.
    private mutating func take(_ balance: PeerBalance) throws(Diagnostic) {
        let day = balance.atStartOfDay ? balance.day.adding(days: -1) : balance.day
        guard Root(balance.account) == .money, let currency = JournalImport.currency(balance.amount.commodity) else {
            counts.skipped.append(JournalImport.note(
                line: balance.line, balance.day, Translation.translated("balance of %s", balance.account), Translation.translated("not money in an asset or liability")))
            return
        }
        guard partlyReadFrom[Names.key(balance.account)].map({ $0 > day }) ?? true else {
            counts.skipped.append(JournalImport.note(
                line: balance.line, balance.day, Translation.translated("balance of %s", balance.account), Translation.translated("postings of the account are skipped above")))
            return
        }
        guard let book = bookOfPath(balance.account) ?? chosenBook ?? bookKeeping(currency), book.currency == currency,
              let statement = JournalImport.minor(balance.amount, in: book.currency) else {
            counts.skipped.append(JournalImport.note(
                line: balance.line, balance.day, Translation.translated("balance of %s", balance.account), Translation.translated("no book keeps %s", currency.code)))
            return
        }
        let account = try self.account(balance.account, in: book, line: balance.line)
        let held = ledger.balance(of: account.id, through: day) ?? 0
        let tolerance = balance.tolerance.flatMap { JournalImport.minor($0, in: book.currency) } ?? 0
        guard abs(held - statement) <= abs(tolerance) else {
            throw Diagnostic(.journalUnreadable(
                file: file.value, line: balance.line, column: nil,
                reason: Translation.translated(
                    "%s holds %s at the end of %s as imported, but the file asserts %s",
                    balance.account, MoneyFormat.grouped(held, book.currency), day.iso, MoneyFormat.grouped(statement, book.currency))),
                at: file.range)
        }
        if ledger.reconciliations.contains(where: { $0.accountID == account.id && $0.day == day && $0.balance == statement }) {
            counts.alreadyThere += 1
            return
        }
        let reconciliation = Reconciliation(id: nextReconciliationID, accountID: account.id, day: day, balance: statement, created: evaluator.now)
        nextReconciliationID += 1
        put(RowChange(before: nil, after: .reconciliation(reconciliation)))
        counts.reconciliations += 1
    }

    // MARK: Books, accounts and categories

    /// The book an asset or liability names as its first part (`assets:travel:card`, as Tally writes them), if any.
    private func bookOfPath(_ path: String) -> Book? {
        let parts = path.split(separator: ":").map(String.init)
        guard parts.count > 1 else { return nil }
        let key = Names.key(parts[1])
        return ledger.books.first { book in
            Names.key(book.name) == key || book.account.map { Names.key($0.journal) == key || Names.key($0.beancount) == key } == true
        }
    }

    private func bookKeeping(_ currency: Currency) -> Book? {
        ledger.currentBook.currency == currency ? ledger.currentBook : ledger.books.first { $0.currency == currency }
    }

    /// The book of a posting: the one its account names, else the
    /// transaction's `book` tag, else the one chosen, else one that keeps its currency.
    private func book(for transaction: PeerTransaction, money path: String, currency: Currency) -> Book? {
        let tagged = transaction.metadata["book"].flatMap(ledger.book(named:))
        let book = bookOfPath(path) ?? tagged ?? chosenBook ?? bookKeeping(currency)
        return book?.currency == currency ? book : nil
    }

    /// The account an asset or liability is, made on first sight: the part
    /// after the book when the path names one, else its last part (more of
    /// it when that is taken by another path); a liability is a credit card.
    private mutating func account(_ path: String, in book: Book, line: Int) throws(Diagnostic) -> Account {
        let pathKey = "\(book.id) " + Names.key(path)
        if let id = accountOfPath[pathKey], let account = ledger.account(id: id) { return account }
        var parts = path.split(separator: ":").map(String.init)
        parts.removeFirst()
        if let named = bookOfPath(path), named.id == book.id { parts.removeFirst() }
        let account: Account
        if parts.isEmpty, let first = ledger.firstAccount(ofBook: book.id) {
            account = first
        } else {
            let taken = Set(accountOfPath.filter { $0.key.hasPrefix("\(book.id) ") }.values)
            var name = parts.last ?? path
            if let existing = ledger.account(named: name, inBook: book.id), taken.contains(existing.id) { name = parts.joined(separator: "-") }
            if let existing = ledger.account(named: name, inBook: book.id) {
                account = existing
            } else {
                if let problem = Names.problem(with: name) {
                    throw Diagnostic(.journalUnreadable(file: file.value, line: line, column: nil, reason: Translation.translated("'%s': %s", path, problem)), at: file.range)
                }
                let root = Names.key(String(path.prefix { $0 != ":" }))
                let key = Names.key(name)
                let kind: AccountKind = root.hasPrefix("liabilit") ? .credit
                    : key.contains("cash") ? .cash
                    : ["alipay", "wechat", "paypal", "wallet"].contains(where: key.contains) ? .wallet : .bank
                account = Account(id: ledger.nextAccountID, bookID: book.id, name: name, kind: kind,
                                  position: (ledger.accounts(ofBook: book.id).map(\.position).max() ?? 0) + 1)
                put(RowChange(before: nil, after: .account(account)))
                counts.newAccounts.append(evaluator.label(account))
            }
        }
        accountOfPath[pathKey] = account.id
        return account
    }

    /// The category an expense or income account is: one whose export
    /// account or name it names, else a new one named by its last part.
    private mutating func category(_ path: String, kind: Kind) -> Category {
        let rest = path.split(separator: ":").dropFirst().map(String.init)
        let joined = Names.key(rest.joined(separator: ":"))
        let last = rest.last ?? path
        let existing = ledger.categories.first { category in
            category.kind == kind && category.account.map { Names.key($0.journal) == joined || Names.key($0.beancount) == joined } == true
        } ?? ledger.categories.first { $0.kind == kind && $0.isNamed(last) }
        if let existing { return existing }
        var name = last
        if ledger.category(named: name) != nil { name = rest.joined(separator: "-") }
        if ledger.category(named: name) != nil { name += " (\(kind.rawValue))" }
        let category = Category(
            id: ledger.nextCategoryID, name: name, kind: kind, icon: kind == .expense ? "🧾" : "💰", aliases: [],
            position: (ledger.categories.map(\.position).max() ?? 0) + 1, account: ledger.categoryAccount(name, aliases: []))
        put(RowChange(before: nil, after: .category(category)))
        counts.newCategories.append(name)
        return category
    }

    // MARK: Rows

    private mutating func put(_ row: RowChange) {
        rows.append(row)
        ledger.apply(ChangeSet(summary: "", rows: [row]))
    }

    /// Whether the ledger holds one more such entry than the file has matched so far.
    private mutating func takeHeld(_ key: String) -> Bool {
        guard let count = held[key], count > 0 else { return false }
        held[key] = count - 1
        counts.alreadyThere += 1
        return true
    }

    private static func key(_ bill: Bill, in ledger: Ledger) -> String {
        "b \(bill.bookID) \(bill.day.ordinal) \(bill.categoryID) \(bill.amount) \(ledger.accountID(of: bill)) \(bill.remark)"
    }

    private static func key(_ transfer: Transfer) -> String {
        "t \(transfer.day.ordinal) \(transfer.fromAccountID) \(transfer.fromAmount) \(transfer.toAccountID) \(transfer.toAmount)"
    }

    // MARK: Amounts

    /// A commodity that is money: an ISO 4217 code, or the sign of the currency most write with it.
    static func currency(_ commodity: String) -> Currency? {
        let code = commodity.uppercased()
        if Currency.isValidCode(code) { return Currency(code: code) }
        switch commodity {
        case "$": return Currency(code: "USD")
        case "¥", "￥", "元": return .cny
        case "€": return Currency(code: "EUR")
        case "£": return Currency(code: "GBP")
        case "₩": return Currency(code: "KRW")
        case "₹": return Currency(code: "INR")
        default: return nil
        }
    }

    /// The amount in the currency's minor units, when it has no more decimals than the currency.
    static func minor(_ amount: PeerAmount, in currency: Currency) -> Int64? {
        var units = amount.units
        var scale = amount.scale
        while scale > currency.decimals {
            guard units % 10 == 0 else { return nil }
            units /= 10
            scale -= 1
        }
        while scale < currency.decimals {
            units *= 10
            scale += 1
        }
        return Int64(exactly: units)
    }
}
