import TallyCore

/// The ledger's rules, read once, asked of many would-be bills at a time:
/// each rule's condition is compiled once against all of them, as a query's
/// is against the ledger's bills.
public struct RuleBook: Sendable {
    private let rules: [(id: Int64, spec: RuleSpec)]

    /// The category a would-be bill has before anything gave it one, by its kind.
    public static func uncategorised(_ kind: Kind) -> Int64 { kind == .expense ? -1 : -2 }

    public init(_ rules: [Rule]) throws(Diagnostic) {
        var read: [(id: Int64, spec: RuleSpec)] = []
        for rule in rules {
            do throws(Diagnostic) {
                read.append((rule.id, try Parser.rule(rule.text)))
            } catch {
                throw Diagnostic(.unreadableRule(id: rule.id, reason: error.message), at: .nowhere)
            }
        }
        self.rules = read
    }

    public var isEmpty: Bool { rules.isEmpty }

    /// What the rules set on each bill, in `bills`' order: for each field, the
    /// first matching rule's. A bill not yet categorised has the category
    /// `uncategorised(kind)`, so a rule may test its kind but no category.
    public func actions(for bills: [Bill], in ledger: Ledger, today: Day) throws(Diagnostic) -> [[RuleAction]] {
        guard !rules.isEmpty, !bills.isEmpty else { return Array(repeating: [], count: bills.count) }
        let placeholders = Kind.allCases.map { kind in
            Category(id: RuleBook.uncategorised(kind), name: "", kind: kind, icon: "", aliases: [], position: Int.max)
        }
        // Each would-be bill under an id that is its place in `bills`, since the scratch ledger puts them in day order.
        let numbered = bills.enumerated().map { index, bill in
            Bill(id: Int64(index), bookID: bill.bookID, categoryID: bill.categoryID, amount: bill.amount, day: bill.day,
                 remark: bill.remark, place: bill.place, tags: bill.tags, created: bill.created, updated: bill.updated)
        }
        let scratch = Ledger(books: ledger.books, categories: ledger.categories + placeholders, bills: numbered, settings: ledger.settings)
        let ids = scratch.bills.ids
        var actions = Array(repeating: [RuleAction](), count: bills.count)
        for rule in rules {
            let test: (Int) -> Bool
            do throws(Diagnostic) {
                test = try ConditionCompiler(ledger: scratch, today: today).compile(rule.spec.condition)
            } catch {
                throw Diagnostic(.unreadableRule(id: rule.id, reason: error.message), at: .nowhere)
            }
            for row in 0..<ids.count where test(row) {
                let index = Int(ids[row])
                for action in rule.spec.actions where !actions[index].contains(where: { $0.field == action.field }) {
                    actions[index].append(action)
                }
            }
        }
        return actions
    }
}
