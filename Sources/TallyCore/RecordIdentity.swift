/// Which row of the ledger a record is a version of.
public enum RecordIdentity: Hashable, Sendable {
    case book(Int64)
    case category(Int64)
    case bill(Int64)
    case settings
    case savedQuery(String)
    case budget(Int64)
    case photo(Int64)
    case importProfile(String)
    case rule(Int64)
    case importSources(Int64)
    case recurringRule(Int64)
    case occurrence(Occurrence.Key)
    case rate(Int64)
    case account(Int64)
    case transfer(Int64)
    case reconciliation(Int64)
}

extension Record {
    public var identity: RecordIdentity {
        switch self {
        case .book(let book): return .book(book.id)
        case .category(let category): return .category(category.id)
        case .bill(let bill): return .bill(bill.id)
        case .settings: return .settings
        case .savedQuery(let query): return .savedQuery(query.key)
        case .budget(let budget): return .budget(budget.id)
        case .photo(let photo): return .photo(photo.id)
        case .importProfile(let profile): return .importProfile(profile.key)
        case .rule(let rule): return .rule(rule.id)
        case .importSources(let batch): return .importSources(batch.id)
        case .recurringRule(let rule): return .recurringRule(rule.id)
        case .occurrence(let occurrence): return .occurrence(occurrence.key)
        case .rate(let rate): return .rate(rate.id)
        case .account(let account): return .account(account.id)
        case .transfer(let transfer): return .transfer(transfer.id)
        case .reconciliation(let reconciliation): return .reconciliation(reconciliation.id)
        }
    }

    /// How messages name the row: `bill #12`, `book 'travel'`.
    public var label: String {
        switch self {
        case .book(let book): return "book '\(book.name)'"
        case .category(let category): return "category '\(category.name)'"
        case .bill(let bill): return "bill #\(bill.id)"
        case .settings: return "the settings"
        case .savedQuery(let query): return "saved statement '\(query.name)'"
        case .budget: return "the budget"
        case .photo(let photo): return "photo \(photo.number) of bill #\(photo.billID)"
        case .importProfile(let profile): return "import profile '\(profile.name)'"
        case .rule(let rule): return "rule #\(rule.id)"
        case .importSources(let batch): return "the source rows of import \(batch.id)"
        case .recurringRule(let rule): return "recurring #\(rule.id)"
        case .occurrence(let occurrence): return "the \(occurrence.day.iso) of recurring #\(occurrence.ruleID)"
        case .rate(let rate): return "the rate of \(rate.base) in \(rate.quote) on \(rate.day.iso)"
        case .account(let account): return "account '\(account.name)'"
        case .transfer(let transfer): return "transfer &\(transfer.id)"
        case .reconciliation(let reconciliation): return "the reconciliation of \(reconciliation.day.iso)"
        }
    }
}

extension Ledger {
    /// The row `identity` names, as the ledger holds it now; nil when there is none.
    public func record(_ identity: RecordIdentity) -> Record? {
        switch identity {
        case .book(let id): return book(id: id).map(Record.book)
        case .category(let id): return category(id: id).map(Record.category)
        case .bill(let id): return bill(id: id).map(Record.bill)
        case .settings: return .settings(settings)
        case .savedQuery(let key): return savedQueries.first { $0.key == key }.map(Record.savedQuery)
        case .budget(let id): return budgets.first { $0.id == id }.map(Record.budget)
        case .photo(let id): return photos.first { $0.id == id }.map(Record.photo)
        case .importProfile(let key): return importProfiles.first { $0.key == key }.map(Record.importProfile)
        case .rule(let id): return rules.first { $0.id == id }.map(Record.rule)
        case .importSources(let id): return importSources.batch(id).map(Record.importSources)
        case .recurringRule(let id): return recurringRule(id: id).map(Record.recurringRule)
        case .occurrence(let key): return occurrences[key].map(Record.occurrence)
        case .rate(let id): return rates.first { $0.id == id }.map(Record.rate)
        case .account(let id): return account(id: id).map(Record.account)
        case .transfer(let id): return transfers.first { $0.id == id }.map(Record.transfer)
        case .reconciliation(let id): return reconciliations.first { $0.id == id }.map(Record.reconciliation)
        }
    }
}
