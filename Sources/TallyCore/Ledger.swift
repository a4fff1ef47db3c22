/// The whole ledger in memory: what every query reads. Bills are kept in day
/// order so that a period is a contiguous run of rows found by binary search.
public struct Ledger: Equatable, Sendable {
    public private(set) var books: [Book]
    public private(set) var categories: [Category]
    /// In day order, read while bills dated back wait to be put in place
    /// (see `settleBills`).
    @inlinable public var bills: BillColumns { dayOrdered.columns }
    @usableFromInline private(set) var dayOrdered: DayOrderedBills
    public private(set) var settings: Settings
    /// Sorted by name.
    public private(set) var savedQueries: [SavedQuery]
    /// The highest bill id ever given, so ids of deleted bills are never reused.
    public private(set) var lastBillID: Int64
    /// Every book's budgets, by id.
    public private(set) var budgets: [Budget]
    /// What the photos on bills are, by id; their bytes stay in the store.
    public private(set) var photos: [Photo]
    /// Sorted by name.
    public private(set) var importProfiles: [ImportProfile]
    /// In the order they apply.
    public private(set) var rules: [Rule]
    public private(set) var importSources: ImportSources
    /// By id.
    public private(set) var recurringRules: [RecurringRule]
    /// The days of recurring bills posted or skipped.
    public private(set) var occurrences: [Occurrence.Key: Occurrence]
    /// Exchange rates, by day, then id.
    public private(set) var rates: [ExchangeRate]
    /// Every book's accounts, in the books' order, then each book's own.
    public private(set) var accounts: [Account]
    /// By day, then id.
    public private(set) var transfers: [Transfer]
    /// By day, then id.
    public private(set) var reconciliations: [Reconciliation]

    public init(
        books: [Book], categories: [Category], bills: [Bill], settings: Settings, lastBillID: Int64 = 0,
        savedQueries: [SavedQuery] = [], budgets: [Budget] = [], photos: [Photo] = [],
        importProfiles: [ImportProfile] = [], rules: [Rule] = [], importSources: [ImportSourceBatch] = [],
        recurringRules: [RecurringRule] = [], occurrences: [Occurrence] = [], rates: [ExchangeRate] = [],
        accounts: [Account] = [], transfers: [Transfer] = [], reconciliations: [Reconciliation] = []
    ) {
        self.transfers = transfers.sorted(by: Transfer.order)
        self.reconciliations = reconciliations.sorted(by: Reconciliation.order)
        self.rates = rates.sorted(by: ExchangeRate.order)
        self.recurringRules = recurringRules.sorted { $0.id < $1.id }
        self.occurrences = Dictionary(occurrences.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.photos = photos.sorted { $0.id < $1.id }
        self.importProfiles = importProfiles.sorted { $0.key < $1.key }
        self.rules = rules.sorted(by: Rule.applyOrder)
        self.importSources = ImportSources(importSources)
        self.savedQueries = savedQueries.sorted { $0.key < $1.key }
        self.budgets = budgets.sorted { $0.id < $1.id }
        self.books = books.sorted { $0.position < $1.position }
        self.categories = categories.sorted { $0.position < $1.position }
        var columns = BillColumns(bills)
        columns.sortChronologically()
        dayOrdered = DayOrderedBills(columns)
        self.settings = settings
        self.accounts = Ledger.ordered(accounts, books: self.books)
        self.lastBillID = max(lastBillID, bills.map(\.id).max() ?? 0)
    }

    /// A ledger whose bills the store has read into columns, in any order.
    public init(
        books: [Book], categories: [Category], columns: BillColumns, settings: Settings, lastBillID: Int64,
        savedQueries: [SavedQuery], budgets: [Budget], photos: [Photo],
        importProfiles: [ImportProfile] = [], rules: [Rule] = [], importSources: [ImportSourceBatch] = [],
        recurringRules: [RecurringRule] = [], occurrences: [Occurrence] = [], rates: [ExchangeRate] = [],
        accounts: [Account] = [], transfers: [Transfer] = [], reconciliations: [Reconciliation] = []
    ) {
        self.init(books: books, categories: categories, bills: [], settings: settings, lastBillID: lastBillID,
                  savedQueries: savedQueries, budgets: budgets, photos: photos,
                  importProfiles: importProfiles, rules: rules, importSources: importSources,
                  recurringRules: recurringRules, occurrences: occurrences, rates: rates,
                  accounts: accounts, transfers: transfers, reconciliations: reconciliations)
        var columns = columns
        columns.sortChronologically()
        dayOrdered = DayOrderedBills(columns)
        self.lastBillID = max(lastBillID, columns.ids.max() ?? 0)
    }

    /// This ledger with `columns` for its bills, in any order, and
    /// `sources` among its import sources: a model of those of the file's
    /// bills and sources that a change names, to check it against.
    public func holding(_ columns: BillColumns, sources: [ImportSourceBatch]) -> Ledger {
        var ledger = self
        var columns = columns
        columns.sortChronologically()
        ledger.dayOrdered = DayOrderedBills(columns)
        for batch in sources { ledger.importSources.put(batch) }
        return ledger
    }

    public var currentBook: Book {
        book(id: settings.currentBookID) ?? books[0]
    }

    public func book(id: Int64) -> Book? {
        books.first { $0.id == id }
    }

    public func book(named name: String) -> Book? {
        let key = Names.key(name)
        return books.first { Names.key($0.name) == key }
    }

    public func category(id: Int64) -> Category? {
        categories.first { $0.id == id }
    }

    /// The categories not archived: those a new bill may take.
    public var activeCategories: [Category] {
        categories.filter { !$0.archived }
    }

    /// The category whose name or alias is `name`.
    public func category(named name: String) -> Category? {
        categories.first { $0.isNamed(name) }
    }

    public func savedQuery(named name: String) -> SavedQuery? {
        let key = Names.key(name)
        return savedQueries.first { $0.key == key }
    }

    public func importProfile(named name: String) -> ImportProfile? {
        let key = Names.key(name)
        return importProfiles.first { $0.key == key }
    }

    public var nextRuleID: Int64 { (rules.map(\.id).max() ?? 0) + 1 }

    public func bill(id: Int64) -> Bill? {
        bills.ids.firstIndex(of: id).map { bills[$0] }
    }

    /// The bills whose day lies in `range`, in day order.
    public func bills(in range: DateRange) -> Slice<BillColumns> {
        bills[bills.indices(in: range)]
    }

    /// Every tag used on any bill, sorted.
    public var tags: [String] {
        Array(Set(Set(bills.tags).flatMap { bills.tagLists[Int($0)] }.map(Names.key))).sorted()
    }

    public var nextBillID: Int64 { lastBillID + 1 }
    public var nextBudgetID: Int64 { (budgets.map(\.id).max() ?? 0) + 1 }
    public var nextPhotoID: Int64 { (photos.map(\.id).max() ?? 0) + 1 }

    /// The photos on bill `id`, by number.
    public func photos(ofBill id: Int64) -> [Photo] {
        photos.filter { $0.billID == id }.sorted { $0.number < $1.number }
    }

    /// The book's budget on `categoryID`, or its total budget when nil.
    public func budget(book: Int64, category: Int64?) -> Budget? {
        budgets.first { $0.bookID == book && $0.categoryID == category }
    }
    public var nextBookID: Int64 { (books.map(\.id).max() ?? 0) + 1 }
    public var nextCategoryID: Int64 { (categories.map(\.id).max() ?? 0) + 1 }

    /// Writes each row's after-image. A few bills are found by their
    /// before-image's place in the day order and moved one by one, so adding a
    /// bill never reads the others; many are changed in one linear pass.
    /// Without `settling`, a bill dated back waits with others to be put in
    /// place (see `settleBills`): for a session's own ledger, which a script
    /// of back-dated bills changes a hundred thousand times.
    public mutating func apply(_ change: ChangeSet, settling: Bool = true) {
        defer { if settling { settleBills() } }
        // The rows that take out or put in a bill, by number: an import's
        // million bills are read where the change holds them, not copied out.
        var takenOut: [Int] = []
        var putIn: [Int] = []
        for index in change.rows.indices {
            switch (change.rows[index].before, change.rows[index].after) {
            case (let before, .bill?):
                if case .bill? = before { takenOut.append(index) }
                putIn.append(index)
            case (.bill?, nil):
                takenOut.append(index)
            case (_, let after?):
                put(after)
            case (let before?, nil):
                remove(before)
            case (nil, nil):
                break
            }
        }
        let before = { (index: Int) in Self.bill(change.rows[index].before) }
        let after = { (index: Int) in Self.bill(change.rows[index].after) }
        if takenOut.count + putIn.count > 16 {
            var touched = Set(takenOut.map { before($0).id })
            var days: [Int32] = []
            var ids: [Int64] = []
            days.reserveCapacity(putIn.count)
            ids.reserveCapacity(putIn.count)
            for index in putIn {
                let bill = after(index)
                days.append(bill.day.ordinal)
                ids.append(bill.id)
                // An id above every id given cannot be here already.
                if bill.id <= lastBillID { touched.insert(bill.id) }
            }
            // Ordered by their days and ids alone: moving a million whole
            // bills about in a sort costs more than the rest of an import.
            let order = BillColumns.chronologicalOrder(days: days, ids: ids)
            lastBillID = max(lastBillID, ids.max() ?? 0)
            dayOrdered.change { bills in bills = bills.replacing(touched, with: order.count) { after(putIn[order[$0]]) } }
        } else {
            for index in takenOut { removeBill(before(index)) }
            for index in putIn {
                let bill = after(index)
                dayOrdered.add(bill)
                lastBillID = max(lastBillID, bill.id)
            }
        }
        if book(id: settings.currentBookID) == nil {
            settings.currentBookID = books[0].id
        }
    }

    private static func bill(_ record: Record?) -> Bill {
        guard case .bill(let bill)? = record else { preconditionFailure("a row taken for a bill's holds another record") }
        return bill
    }

    /// Takes out the bill `before` was: where its day and id put it, else wherever its id is.
    private mutating func removeBill(_ before: Bill) {
        dayOrdered.change { bills in
            let index = bills.firstIndex { !bills.precedes($0, before) }
            if index < bills.count, bills.ids[index] == before.id {
                bills.remove(at: index)
            } else if let index = bills.ids.firstIndex(of: before.id) {
                bills.remove(at: index)
            }
        }
    }

    /// Puts the bills dated back, which wait to be put in place a thousand
    /// at a time, where they belong; done before a statement that reads
    /// bills, so that it reads the columns as they are, not a copy made each time.
    public mutating func settleBills() {
        dayOrdered.settle()
    }

    private mutating func put(_ record: Record) {
        switch record {
        case .book(let book):
            if let index = books.firstIndex(where: { $0.id == book.id }) { books[index] = book } else { books.append(book) }
            books.sort { $0.position < $1.position }
            accounts = Ledger.ordered(accounts, books: books)
        case .category(let category):
            if let index = categories.firstIndex(where: { $0.id == category.id }) {
                categories[index] = category
            } else {
                categories.append(category)
            }
            categories.sort { $0.position < $1.position }
        case .settings(let settings):
            self.settings = settings
        case .savedQuery(let query):
            savedQueries.removeAll { $0.key == query.key }
            savedQueries.append(query)
            savedQueries.sort { $0.key < $1.key }
        case .budget(let budget):
            budgets.removeAll { $0.id == budget.id }
            budgets.append(budget)
            budgets.sort { $0.id < $1.id }
        case .photo(let photo):
            photos.removeAll { $0.id == photo.id }
            photos.append(photo)
            photos.sort { $0.id < $1.id }
        case .importProfile(let profile):
            importProfiles.removeAll { $0.key == profile.key }
            importProfiles.append(profile)
            importProfiles.sort { $0.key < $1.key }
        case .rule(let rule):
            rules.removeAll { $0.id == rule.id }
            rules.append(rule)
            rules.sort(by: Rule.applyOrder)
        case .importSources(let batch):
            importSources.put(batch)
        case .recurringRule(let rule):
            if let index = recurringRules.firstIndex(where: { $0.id == rule.id }) {
                recurringRules[index] = rule
            } else {
                recurringRules.append(rule)
                recurringRules.sort { $0.id < $1.id }
            }
        case .occurrence(let occurrence):
            occurrences[occurrence.key] = occurrence
        case .rate(let rate):
            rates.removeAll { $0.id == rate.id }
            rates.append(rate)
            rates.sort(by: ExchangeRate.order)
        case .account(let account):
            accounts.removeAll { $0.id == account.id }
            accounts = Ledger.ordered(accounts + [account], books: books)
        case .transfer(let transfer):
            transfers.removeAll { $0.id == transfer.id }
            transfers.insert(transfer, at: transfers.firstIndex { Transfer.order(transfer, $0) } ?? transfers.endIndex)
        case .reconciliation(let reconciliation):
            reconciliations.removeAll { $0.id == reconciliation.id }
            reconciliations.append(reconciliation)
            reconciliations.sort(by: Reconciliation.order)
        case .bill:
            preconditionFailure("bills are applied in one pass")
        }
    }

    private mutating func remove(_ record: Record) {
        switch record {
        case .book(let book): books.removeAll { $0.id == book.id }
        case .category(let category): categories.removeAll { $0.id == category.id }
        case .settings: break
        case .savedQuery(let query): savedQueries.removeAll { $0.key == query.key }
        case .budget(let budget): budgets.removeAll { $0.id == budget.id }
        case .photo(let photo): photos.removeAll { $0.id == photo.id }
        case .importProfile(let profile): importProfiles.removeAll { $0.key == profile.key }
        case .rule(let rule): rules.removeAll { $0.id == rule.id }
        case .importSources(let batch): importSources.remove(batch)
        case .recurringRule(let rule): recurringRules.removeAll { $0.id == rule.id }
        case .occurrence(let occurrence): occurrences[occurrence.key] = nil
        case .rate(let rate): rates.removeAll { $0.id == rate.id }
        case .account(let account): accounts.removeAll { $0.id == account.id }
        case .transfer(let transfer): transfers.removeAll { $0.id == transfer.id }
        case .reconciliation(let reconciliation): reconciliations.removeAll { $0.id == reconciliation.id }
        case .bill: preconditionFailure("bills are applied in one pass")
        }
    }
}
