import TallyCore

extension Parser {

    // profile = "profile" ( "add" name import_settings | "delete" name | name )
    mutating func profileStatement() throws(Diagnostic) -> LedgerStatement {
        offer(keywords: ["add", "delete"])
        offer([.profile])
        if matchWord("add") {
            let name = try self.name(Translation.translated("a name for the profile, such as mybank"))
            let start = peek.range
            guard !atStatementEnd else { throw unexpected(Translation.translated("the profile's settings, such as separator \";\" dates \"%d.%m.%Y\"")) }
            _ = try importSettings()
            let text = written(start.start.offset..<previous.range.end.offset)
            return .profileAdd(name: name, settings: text)
        }
        if matchWord("delete") {
            offer([.profile])
            return .profileDelete(name: try name(Translation.translated("the name of a profile")))
        }
        return .profileShow(name: try name(Translation.translated("'add', 'delete' or the name of a profile")))
    }

    // rule = "rule" ( "delete" BILL_ID | "move" BILL_ID "to" INTEGER | condition "=>" rule_action { "," rule_action } )
    mutating func ruleStatement() throws(Diagnostic) -> LedgerStatement {
        offer(keywords: ["delete", "move"])
        if checkWord("delete"), check(.billID, at: 1) {
            advance()
            return .ruleDelete(id: try ruleID())
        }
        if checkWord("move"), check(.billID, at: 1) {
            advance()
            let id = try ruleID()
            try expectWord("to")
            guard check(.number), let position = Int(peek.text), position >= 1 else {
                throw unexpected(Translation.translated("the place the rule takes, from 1 for the first to apply"))
            }
            let token = advance()
            return .ruleMove(id: id, to: Located(position, token.range))
        }
        if (checkWord("delete") || checkWord("move")) && check(.number, at: 1) {
            advance()
            throw unexpected(Translation.translated("a rule's id with its #, such as #%s", peek.text))
        }
        let start = peek.range
        guard !atStatementEnd else { throw unexpected(Translation.translated("a condition, such as remark ~ starbucks, then '=>' and what it sets")) }
        let condition = try self.condition()
        guard check(.equal), nextIsAdjacent(), check(.greater, at: 1) else {
            throw unexpected(Translation.translated("'=>' and what the rule sets, such as => category drinks"))
        }
        advance()
        advance()
        var actions: [RuleAction] = []
        repeat {
            let action = try ruleAction()
            if actions.contains(where: { $0.field == action.field }) {
                throw Diagnostic(.mappedTwice(action.field.rawValue), at: previous.range)
            }
            actions.append(action)
        } while match(.comma)
        let text = written(start.start.offset..<previous.range.end.offset)
        return .ruleAdd(RuleSpec(condition: condition, actions: actions), text: text)
    }

    /// A rule's text as `rule` stores it, read again to apply it.
    public static func rule(_ text: String) throws(Diagnostic) -> RuleSpec {
        var parser = Parser("rule " + text)
        guard case .ledger(.ruleAdd(let spec, _)) = try parser.statement(), parser.atStatementEnd else {
            throw parser.unexpected(Translation.translated("end of the rule"))
        }
        return spec
    }

    private mutating func ruleID() throws(Diagnostic) -> Located<Int64> {
        guard check(.billID) else { throw unexpected(Translation.translated("a rule's id, such as #2")) }
        let token = advance()
        guard let id = Int64(token.text) else { throw Diagnostic(.unknownRule(token.text), at: token.range) }
        return Located(id, token.range)
    }

    // rule_action = "category" name | "tags" TAG { TAG } | "place" ( WORD | STRING ) | "book" name | "remark" ( WORD | STRING )
    //             | "account" name
    private mutating func ruleAction() throws(Diagnostic) -> RuleAction {
        let words = ["category", "tags", "place", "book", "remark", "account"]
        let word = try subcommand(words)
        switch word {
        case "category":
            return .category(try categoryName())
        case "book":
            return .book(try bookName())
        case "account":
            offer([.account])
            return .account(try name(Translation.translated("an account, such as card")))
        case "tags":
            offer([.tag])
            guard check(.tag) else { throw unexpected(Translation.translated("the tags it adds, such as #coffee")) }
            var tags: [String] = []
            while check(.tag) { tags.append(advance().text) }
            return .tags(tags)
        default:
            guard check(.word) || check(.string) || check(.number) else { throw unexpected(word == "place"
                ? Translation.translated("the place it sets, in quotes if it has spaces")
                : Translation.translated("the remark it sets, in quotes if it has spaces")) }
            let text = advance().text
            return word == "place" ? .place(text) : .remark(text)
        }
    }
}
