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

    /// How messages name the row, in the reader's language: `bill #12`, `book 'travel'`.
    public var label: String {
        switch self {
        case .book(let book): return Translation.translated("book '%s'", book.name)
        case .category(let category): return Translation.translated("category '%s'", category.name)
        case .bill(let bill): return RecordIdentity.label(ofBill: bill.id)
        case .settings: return Translation.translated("the settings")
        case .savedQuery(let query): return Translation.translated("saved statement '%s'", query.name)
        case .budget: return Translation.translated("the budget")
        case .photo(let photo): return Translation.translated("photo %s of bill #%s", photo.number, photo.billID)
        case .importProfile(let profile): return Translation.translated("import profile '%s'", profile.name)
        case .rule(let rule): return Translation.translated("rule #%s", rule.id)
        case .importSources(let batch): return RecordIdentity.label(ofSources: batch.id)
        case .recurringRule(let rule): return Translation.translated("recurring #%s", rule.id)
        case .occurrence(let occurrence): return Translation.translated("the %s of recurring #%s", occurrence.day.iso, occurrence.ruleID)
        case .rate(let rate): return Translation.translated("the rate of %s in %s on %s", rate.base, rate.quote, rate.day.iso)
        case .account(let account): return Translation.translated("account '%s'", account.name)
        case .transfer(let transfer): return Translation.translated("transfer &%s", transfer.id)
        case .reconciliation(let reconciliation): return Translation.translated("the reconciliation of %s", reconciliation.day.iso)
        }
    }
}

extension RecordIdentity {
    /// How messages name a bill when only its id is at hand, as `Record.label` names it.
    public static func label(ofBill id: Int64) -> String {
        Translation.translated("bill #%s", id)
    }

    /// How messages name the source rows of an import when only its id is at hand.
    public static func label(ofSources batch: Int64) -> String {
        Translation.translated("the source rows of import %s", batch)
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
