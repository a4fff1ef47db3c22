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
        let ledger = evaluator.ledger
        let allows = settings.allowsDuplicates == true
        let sources = allows ? ImportSourceIndex() : ledger.importSources.index()
        let live: Set<Int64> = sources.isEmpty ? [] : Set(ledger.bills.ids)
        let compared = (place: columns.has(.place) || constantPlace != nil, tags: columns.has(.tags) || !constantTags.isEmpty)
        var (existing, keys) = allows ? ([:], [:]) : CSVImport.existingBills(in: ledger, spanning: rows, comparing: compared)
        var occurrences: [Int64: Int] = [:]
        occurrences.reserveCapacity(rows.count)
        var claimed: Set<Int64> = []
        var fates: [Fate] = []
        fates.reserveCapacity(rows.count)
        // Rows by place, not copied out: a million rows' texts are not retained and released again.
        for index in rows.indices {
            let digest = rows[index].digest
            let fingerprint: Int64
            if let transaction = rows[index].transaction {
                fingerprint = Fingerprint.of(transaction: transaction)
            } else {
                fingerprint = Fingerprint.of(digest: digest, occurrence: occurrences[digest, default: 0])
                occurrences[digest, default: 0] += 1
            }
            if !live.isEmpty, let bill = sources.bill(withFingerprint: fingerprint), live.contains(bill), !claimed.contains(bill),
               let source = sources.source(ofBill: bill) {
                claimed.insert(bill)
                // The bill is this row's, not another's equal to it.
                if let key = keys[bill] { existing[key]?.removeAll { $0 == bill } }
                fates.append(source.digest == digest ? .there(bill: bill) : .changed(bill: bill, source: source))
                continue
            }
            if !existing.isEmpty {
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

    /// The change: new categories first, then each new bill and where it
    /// came from, and with `update` each bill whose row changed.
    func change(_ rows: [Row], _ fates: [Fate], skipped passedOver: Int, resolver: NameResolver, statement: RunningBalance? = nil) -> Outcome {
        let ledger = evaluator.ledger
        var changes = resolver.created.map { RowChange(before: nil, after: .category($0)) }
        // A row is at most one bill added or changed, and the sources are one record more.
        changes.reserveCapacity(changes.count + rows.count + 1)
        var counts = ImportCounts()
        counts.rows = rowCount
        counts.passedOver = passedOver
        counts.profile = profile
        counts.newCategories = resolver.created.map(\.name)
        var id = ledger.lastBillID
        var sources: [ImportSource] = []
        sources.reserveCapacity(rows.count)
        for (row, fate) in zip(rows, fates) {
            switch fate {
            case .add(let fingerprint):
                id += 1
                changes.append(RowChange(before: nil, after: .bill(bill(row, id: id, created: evaluator.now))))
                sources.append(ImportSource(billID: id, fingerprint: fingerprint, digest: row.digest))
            case .there:
                counts.alreadyThere += 1
            case .duplicate(let bill):
                counts.alreadyThere += 1
                if counts.equal.count < ImportCounts.namedMatches { counts.equal.append(ImportCounts.Match(line: row.line, bill: bill)) }
            case .changed(let billID, let source):
                guard options.updates, let old = ledger.bill(id: billID) else {
                    counts.changed += 1
                    continue
                }
                var updated = source
                updated.digest = row.digest
                changes.append(RowChange(before: .bill(old), after: .bill(bill(row, id: billID, created: old.created))))
                sources.append(updated)
                counts.updated += 1
            }
        }
        counts.added = Int(id - ledger.lastBillID)
        // Where the bills came from, as one record after them.
        if !sources.isEmpty {
            changes.append(RowChange(before: nil, after: .importSources(ImportSourceBatch(id: ledger.importSources.nextBatchID, sources: sources))))
        }
        let file = options.file.value
        guard counts.added > 0 || counts.updated > 0 else {
            return .result(.done(.imported(counts, file: file)), format: nil)
        }
        let summary = counts.added > 0 ? "imported \(Literal.count(counts.added, "bill")) from \(file)" : "updated \(Literal.count(counts.updated, "bill")) from \(file)"
        var warnings: [String] = []
        if let statement {
            var after = ledger
            after.apply(ChangeSet(summary: summary, rows: changes))
            switch statement.reconciliation(in: after, id: ledger.nextReconciliationID, at: evaluator.now) {
            case .agrees(let reconciliation): changes.append(RowChange(before: nil, after: .reconciliation(reconciliation)))
            case .differs(let why): warnings.append(why)
            }
        }
        return .change(ChangeSet(summary: summary, rows: changes), done: .done(.imported(counts, file: file)), asking: nil, warnings: warnings)
    }

    private func bill(_ row: Row, id: Int64, created: Int64) -> Bill {
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

    /// The bills of each key the ledger has over the rows' days, and each one's key.
    private static func existingBills(
        in ledger: Ledger, spanning rows: [Row], comparing compared: (place: Bool, tags: Bool)
    ) -> ([BillKey: [Int64]], [Int64: BillKey]) {
        guard let first = rows.map(\.day).min(), let last = rows.map(\.day).max() else { return ([:], [:]) }
        var bills: [BillKey: [Int64]] = [:]
        var keys: [Int64: BillKey] = [:]
        for bill in ledger.bills(in: DateRange(start: first, end: last)) {
            let key = BillKey(bill, comparing: compared)
            bills[key, default: []].append(bill.id)
            keys[bill.id] = key
        }
        return (bills, keys)
    }
}
