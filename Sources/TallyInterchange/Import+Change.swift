import TallyCore
import TallyLanguage

extension CSVImport {
    /// What becomes of a checked row.
    enum Fate {
        case add(fingerprint: Int64)
        /// Imported before from a row that said the same.
        case there(bill: Int64)
        /// Imported before from a row that said otherwise.
        case changed(bill: Int64, source: ImportSource)
        /// Equal in every field to a bill already there.
        case duplicate(bill: Int64)
    }

    /// Each row's fate, in order: a row whose fingerprint the ledger has is
    /// the bill imported from it, however that bill was edited since; any
    /// other row equal to a bill there in every field is that bill.
    func fates(of rows: [Row]) -> [Fate] {
        var finder = FateFinder(self)
        return finder.fates(of: rows)
    }

    /// Finds rows' fates a part of the file at a time, each part after the
    /// one before it, as `fates(of:)` finds them all at once.
    struct FateFinder {
        private let ledger: Ledger
        private let sources: ImportSourceIndex
        private let live: Set<Int64>
        private let compared: (place: Bool, tags: Bool)
        private let comparesBills: Bool
        /// The bills of each key, by the days rows have named so far.
        private var existing: [BillKey: [Int64]] = [:]
        private var keys: [Int64: BillKey] = [:]
        private var daysRead: Set<Day> = []
        /// The digests of the rows so far, and how often each said more than once was said:
        /// a set of a million digests is half the size of a dictionary of them.
        private var digests: Set<Int64> = []
        private var repeats: [Int64: Int] = [:]
        /// Bills a row's fingerprint named: no other row is them.
        private var claimed: Set<Int64> = []

        init(_ csv: CSVImport) {
            ledger = csv.evaluator.ledger
            let allows = csv.settings.allowsDuplicates == true
            sources = allows ? ImportSourceIndex() : ledger.importSources.index()
            live = sources.isEmpty ? [] : Set(ledger.bills.ids)
            compared = (place: csv.columns.has(.place) || csv.constantPlace != nil, tags: csv.columns.has(.tags) || !csv.constantTags.isEmpty)
            comparesBills = !allows && !ledger.bills.isEmpty
            digests.reserveCapacity(csv.rowCount)
        }

        mutating func fates(of rows: [Row]) -> [Fate] {
            var fates: [Fate] = []
            fates.reserveCapacity(rows.count)
            // Rows by place, not copied out: a million rows' texts are not retained and released again.
            for index in rows.indices {
                let digest = rows[index].digest
                let fingerprint: Int64
                if let transaction = rows[index].transaction {
                    fingerprint = Fingerprint.of(transaction: transaction)
                } else {
                    fingerprint = Fingerprint.of(digest: digest, occurrence: occurrence(of: digest))
                }
                if !live.isEmpty, let bill = sources.bill(withFingerprint: fingerprint), live.contains(bill), !claimed.contains(bill),
                   let source = sources.source(ofBill: bill) {
                    claimed.insert(bill)
                    // The bill is this row's, not another's equal to it.
                    if let key = keys[bill] { existing[key]?.removeAll { $0 == bill } }
                    fates.append(source.digest == digest ? .there(bill: bill) : .changed(bill: bill, source: source))
                    continue
                }
                if comparesBills {
                    readBills(on: rows[index].day)
                    let key = BillKey(rows[index], comparing: compared)
                    if let bills = existing[key], let bill = bills.first {
                        existing[key] = Array(bills.dropFirst())
                        fates.append(.duplicate(bill: bill))
                        continue
                    }
                }
                fates.append(.add(fingerprint: fingerprint))
            }
            return fates
        }

        /// How many rows before this one said what it says.
        private mutating func occurrence(of digest: Int64) -> Int {
            guard !digests.insert(digest).inserted else { return 0 }
            let occurrence = repeats[digest, default: 1]
            repeats[digest] = occurrence + 1
            return occurrence
        }

        /// The ledger's bills of `day`, the first time a row names it, but
        /// those a row's fingerprint has already claimed.
        private mutating func readBills(on day: Day) {
            guard daysRead.insert(day).inserted else { return }
            for bill in ledger.bills(in: DateRange(start: day, end: day)) where !claimed.contains(bill.id) {
                let key = BillKey(bill, comparing: compared)
                existing[key, default: []].append(bill.id)
                keys[bill.id] = key
            }
        }
    }

    /// Makes the change of checked rows and their fates, a part of the file
    /// at a time, as `change` makes it of all of them at once.
    struct ChangeMaker {
        private let csv: CSVImport
        var counts = ImportCounts()
        private var id: Int64
        private var sources: [ImportSource] = []
        /// How many of the resolver's new categories are in the change so far.
        private var categoriesMade = 0

        init(_ csv: CSVImport, skipped passedOver: Int) {
            self.csv = csv
            counts.rows = csv.rowCount
            counts.passedOver = passedOver
            counts.profile = csv.profile
            id = csv.evaluator.ledger.lastBillID
            sources.reserveCapacity(csv.rowCount)
        }

        /// New categories first, then each new bill, and with `update` each bill whose row changed.
        mutating func rows(_ rows: [Row], _ fates: [Fate], resolver: NameResolver) -> [RowChange] {
            let ledger = csv.evaluator.ledger
            var changes = resolver.created.dropFirst(categoriesMade).map { RowChange(before: nil, after: .category($0)) }
            categoriesMade = resolver.created.count
            counts.newCategories = resolver.created.map(\.name)
            // A row is at most one bill added or changed, and the sources are one record more.
            changes.reserveCapacity(changes.count + rows.count + 1)
            for (row, fate) in zip(rows, fates) {
                switch fate {
                case .add(let fingerprint):
                    id += 1
                    changes.append(RowChange(before: nil, after: .bill(csv.bill(row, id: id, created: csv.evaluator.now))))
                    sources.append(ImportSource(billID: id, fingerprint: fingerprint, digest: row.digest))
                case .there:
                    counts.alreadyThere += 1
                case .duplicate(let bill):
                    counts.alreadyThere += 1
                    if counts.equal.count < ImportCounts.namedMatches { counts.equal.append(ImportCounts.Match(line: row.line, bill: bill)) }
                case .changed(let billID, let source):
                    guard csv.options.updates, let old = ledger.bill(id: billID) else {
                        counts.changed += 1
                        continue
                    }
                    var updated = source
                    updated.digest = row.digest
                    changes.append(RowChange(before: .bill(old), after: .bill(csv.bill(row, id: billID, created: old.created))))
                    sources.append(updated)
                    counts.updated += 1
                }
            }
            counts.added = Int(id - ledger.lastBillID)
            return changes
        }

        /// Where the bills came from, as one record after them.
        var sourcesRow: RowChange? {
            sources.isEmpty ? nil : RowChange(
                before: nil, after: .importSources(ImportSourceBatch(id: csv.evaluator.ledger.importSources.nextBatchID, sources: sources)))
        }

        /// What the import did, in words; nil when it changed nothing.
        var summary: Phrase? {
            let file = csv.options.file.value
            if counts.added > 0 { return Phrase.counted("imported %d bill from %s", "imported %d bills from %s", count: counts.added, file) }
            return counts.updated > 0 ? Phrase.counted("updated %d bill from %s", "updated %d bills from %s", count: counts.updated, file) : nil
        }

        var done: QueryResult { .done(.imported(counts, file: csv.options.file.value)) }
    }

    /// The change: new categories first, then each new bill and where it
    /// came from, and with `update` each bill whose row changed.
    func change(_ rows: [Row], _ fates: [Fate], skipped passedOver: Int, resolver: NameResolver, statement: RunningBalance? = nil) -> Outcome {
        let ledger = evaluator.ledger
        var maker = ChangeMaker(self, skipped: passedOver)
        var changes = maker.rows(rows, fates, resolver: resolver)
        if let sources = maker.sourcesRow { changes.append(sources) }
        guard let summary = maker.summary else { return .result(maker.done, format: nil) }
        var warnings: [String] = []
        if let statement {
            var after = ledger
            after.apply(ChangeSet(summary: summary, rows: changes))
            switch statement.reconciliation(in: after, id: ledger.nextReconciliationID, at: evaluator.now) {
            case .agrees(let reconciliation): changes.append(RowChange(before: nil, after: .reconciliation(reconciliation)))
            case .differs(let why): warnings.append(why)
            }
        }
        return .change(ChangeSet(summary: summary, rows: changes), done: maker.done, asking: nil, warnings: warnings)
    }

    func bill(_ row: Row, id: Int64, created: Int64) -> Bill {
        Bill(
            id: id, bookID: row.bookID, categoryID: row.categoryID, amount: row.amount, day: row.day, remark: row.remark,
            place: row.place, tags: row.tags, created: created, updated: evaluator.now, accountID: row.accountID)
    }

    /// What makes two bills the same for import: every field the file
    /// gives (a place and tags only when it has them).
    struct BillKey: Hashable {
        let day: Day
        let bookID: Int64
        let categoryID: Int64
        let amount: Int64
        let remark: String
        let place: String?
        let tags: [String]

        init(_ row: Row, comparing compared: (place: Bool, tags: Bool)) {
            (day, bookID, categoryID, amount, remark) = (row.day, row.bookID, row.categoryID, row.amount, row.remark)
            place = compared.place ? row.place : nil
            tags = compared.tags ? row.tags : []
        }

        init(_ bill: Bill, comparing compared: (place: Bool, tags: Bool)) {
            (day, bookID, categoryID, amount, remark) = (bill.day, bill.bookID, bill.categoryID, bill.amount, bill.remark)
            place = compared.place ? bill.place : nil
            tags = compared.tags ? bill.tags : []
        }
    }
}
