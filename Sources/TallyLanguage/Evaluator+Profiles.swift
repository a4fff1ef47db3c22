import TallyCore

extension Evaluator {
    /// The ledger's own profiles, then those built in that none of them hides.
    public var importProfiles: [(profile: ImportProfile, builtIn: Bool)] {
        let own = ledger.importProfiles.map { ($0, false) }
        let keys = Set(ledger.importProfiles.map(\.key))
        return own + BuiltInProfiles.all.filter { !keys.contains($0.key) }.map { ($0, true) }
    }

    /// The profile `name` names, the ledger's before one built in.
    public func importProfile(named name: Located<String>) throws(Diagnostic) -> ImportProfile {
        if let profile = ledger.importProfile(named: name.value) ?? BuiltInProfiles.named(name.value) { return profile }
        throw Diagnostic(
            .unknownName(kind: .importProfile, name: name.value,
                         suggestion: Suggestion.nearest(to: name.value, among: importProfiles.map(\.profile.name))),
            at: name.range)
    }

    func profilesTable() -> RecordTable {
        RecordTable(
            columns: ["name", "from", "settings"],
            rows: importProfiles.map { [.text($0.profile.name), $0.builtIn ? .words("built in") : .words("this ledger"), .text($0.profile.settings)] })
    }

    func profileTable(_ name: Located<String>) throws(Diagnostic) -> RecordTable {
        let profile = try importProfile(named: name)
        let builtIn = ledger.importProfile(named: name.value) == nil
        let settings = try Parser.importSettings(profile.settings)
        return RecordTable(
            columns: ["name", "from", "header", "settings"],
            rows: [[.text(profile.name), builtIn ? .words("built in") : .words("this ledger"),
                    .text(settings.headers.joined(separator: ", ")), .text(profile.settings)]])
    }

    func profileAdd(_ name: Located<String>, _ settings: String) -> Outcome {
        let profile = ImportProfile(name: name.value, settings: settings)
        let before = ledger.importProfile(named: name.value).map(Record.importProfile)
        let summary = before == nil
            ? Phrase.said("saved import profile '%s'", profile.name) : Phrase.said("replaced import profile '%s'", profile.name)
        return .change(
            ChangeSet(summary: summary, rows: [RowChange(before: before, after: .importProfile(profile))]),
            done: .done(.profileSaved(profile.name, replaced: before != nil)), asking: nil)
    }

    func profileDelete(_ name: Located<String>) throws(Diagnostic) -> Outcome {
        guard let profile = ledger.importProfile(named: name.value) else {
            if let builtIn = BuiltInProfiles.named(name.value) { throw Diagnostic(.builtInProfile(builtIn.name), at: name.range) }
            throw Diagnostic(
                .unknownName(kind: .importProfile, name: name.value,
                             suggestion: Suggestion.nearest(to: name.value, among: ledger.importProfiles.map(\.name))),
                at: name.range)
        }
        return .change(
            ChangeSet(summary: Phrase.said("deleted import profile '%s'", profile.name), rows: [RowChange(before: .importProfile(profile), after: nil)]),
            done: .done(.profileDeleted(profile.name)), asking: nil)
    }

    func rulesTable() -> RecordTable {
        RecordTable(
            columns: ["id", "rule"],
            rows: ledger.rules.map { [.id($0.id), .text($0.text)] })
    }

    /// A new rule, last to apply; what it names must exist, so a typo is caught now, not at the next import.
    func ruleAdd(_ spec: RuleSpec, _ text: String) throws(Diagnostic) -> Outcome {
        _ = try ConditionCompiler(ledger: ledger, today: today).compile(spec.condition)
        for action in spec.actions {
            switch action {
            case .category(let name): _ = try ledger.category(named: name)
            case .book(let name): _ = try ledger.book(named: name)
            case .account(let name):
                guard ledger.accounts.contains(where: { $0.isNamed(name.value) }) else {
                    let names = Array(Set(ledger.accounts.map(\.name))).sorted()
                    throw Diagnostic(.unknownName(kind: .account, name: name.value, suggestion: Suggestion.nearest(to: name.value, among: names)),
                                     at: name.range)
                }
            case .tags, .place, .remark: break
            }
        }
        let position = (ledger.rules.map(\.position).max() ?? 0) + 1
        let rule = Rule(id: ledger.nextRuleID, position: position, text: text)
        return .change(
            ChangeSet(summary: Phrase.said("added rule #%d", rule.id), rows: [RowChange(before: nil, after: .rule(rule))]),
            done: .done(.ruleAdded(id: rule.id, position: ledger.rules.count + 1)), asking: nil)
    }

    func ruleDelete(_ id: Located<Int64>) throws(Diagnostic) -> Outcome {
        let rule = try self.rule(id)
        return .change(
            ChangeSet(summary: Phrase.said("deleted rule #%d", rule.id), rows: [RowChange(before: .rule(rule), after: nil)]),
            done: .done(.ruleDeleted(id: rule.id)), asking: nil)
    }

    /// Numbers every rule again, so the moved one comes at `place` and the others keep their order.
    func ruleMove(_ id: Located<Int64>, to place: Located<Int>) throws(Diagnostic) -> Outcome {
        let rule = try self.rule(id)
        var order = ledger.rules.filter { $0.id != rule.id }
        let index = min(place.value, order.count + 1) - 1
        order.insert(rule, at: index)
        return .change(
            ChangeSet(summary: Phrase.said("moved rule #%d", rule.id), rows: renumbering(order, at: \.position, as: Record.rule)),
            done: .done(.ruleMoved(id: rule.id, position: index + 1)), asking: nil)
    }

    private func rule(_ id: Located<Int64>) throws(Diagnostic) -> Rule {
        guard let rule = ledger.rules.first(where: { $0.id == id.value }) else {
            throw Diagnostic(.unknownRule(String(id.value)), at: id.range)
        }
        return rule
    }
}
