import TallyCore
import TallyLanguage

/// `add` alone at the prompt: asks for each field of a bill in turn, the way
/// `hledger add` does, and goes on with the next bill until abandoned, so a
/// week of receipts goes in at one sitting.
///
/// Enter takes the default in brackets, `<` goes back one question, and `.`,
/// Ctrl-D or Ctrl-C abandon the bill being entered without saving it.
public struct GuidedEntry {
    let session: Session
    let reader: LineReader
    let output: Output

    public init(session: Session, reader: LineReader, output: Output) {
        self.session = session
        self.reader = reader
        self.output = output
    }

    enum Question: Int, CaseIterable {
        case kind, amount, category, remark, date, place, tags
    }

    /// The answers so far, as text that the language reads.
    struct Answers {
        var kind = Kind.expense
        var amount = ""
        /// What `amount` comes to, for the preview.
        var minorUnits: Int64 = 0
        var category = ""
        var remark = ""
        var date = ""
        var place = ""
        var tags: [String] = []
    }

    public func run() {
        output.result("Enter a bill: Enter takes [the default], '<' goes back, '.' or Ctrl-D stops.")
        var saved = false
        var next = Answers()
        while var answers = enterBill(next, from: .kind, afterSaving: saved) {
            next = Answers(kind: answers.kind)
            output.result(preview(answers))
            confirming: while true {
                switch reader.readLine(prompt: "Save? [Y/n] ", candidates: Self.fixed(["yes", "no"])) {
                case .line(let raw):
                    switch raw.lowercased().trimmingCharacters(in: " ") {
                    case "", "y", "yes":
                        saved = session.run(ScriptSource(origin: .interactive, text: statement(answers))) == .success || saved
                        break confirming
                    case "n", "no":
                        output.result("not saved")
                        break confirming
                    case "<":
                        guard let changed = enterBill(answers, from: .tags, afterSaving: saved) else { return }
                        answers = changed
                        output.result(preview(answers))
                    default:
                        output.error(Style(color: session.options.color).error("error:") + " answer y or n, or '<' to go back")
                    }
                case .interrupted, .end:
                    output.result("not saved")
                    return
                }
            }
        }
    }

    /// Asks the questions from `first` on; nil when the user abandons the bill.
    private func enterBill(_ start: Answers, from first: Question, afterSaving saved: Bool) -> Answers? {
        var answers = start
        var question = first
        while true {
            let (prompt, defaultAnswer, candidates) = ask(question, answers)
            guard case .line(let raw) = reader.readLine(prompt: prompt, candidates: Self.fixed(candidates)) else {
                output.result(saved ? "stopped; this bill was not saved" : "abandoned; nothing saved")
                return nil
            }
            let reply = raw.trimmingCharacters(in: " ")
            if reply == "." {
                output.result(saved ? "stopped; this bill was not saved" : "abandoned; nothing saved")
                return nil
            }
            if reply == "<" {
                question = Question(rawValue: max(0, question.rawValue - 1))!
                continue
            }
            do {
                try record(reply.isEmpty ? defaultAnswer : reply, for: question, in: &answers)
            } catch {
                output.error(Style(color: session.options.color).error("error:") + " " + TerminalText.safe(error.message))
                continue
            }
            guard let next = Question(rawValue: question.rawValue + 1) else { return answers }
            question = next
        }
    }

    /// The prompt, its default and what Tab offers.
    private func ask(_ question: Question, _ answers: Answers) -> (String, String, [String]) {
        let ledger = session.ledger
        switch question {
        case .kind:
            return ("kind [\(answers.kind.rawValue)]: ", answers.kind.rawValue, ["expense", "income"])
        case .amount:
            return (prompt("amount", answers.amount), answers.amount, [])
        case .category:
            let fallback = answers.category.isEmpty ? mostUsedCategory(answers.kind) : answers.category
            let names = ledger.categories.filter { $0.kind == answers.kind }.flatMap(\.allNames)
            return ("category [\(TerminalText.safe(fallback))]: ", fallback, names.map(Literal.name))
        case .remark:
            return (prompt("remark", answers.remark), answers.remark, [])
        case .date:
            let fallback = answers.date.isEmpty ? today.iso : answers.date
            return ("date [\(fallback)]: ", fallback, ["today", "yesterday"])
        case .place:
            return (prompt("place", answers.place), answers.place, [])
        case .tags:
            let tags = answers.tags.joined(separator: " ")
            return (prompt("tags", tags), tags, ledger.tags)
        }
    }

    /// `remark: `, or `remark [lunch]: ` once there is an answer to keep.
    private func prompt(_ name: String, _ current: String) -> String {
        current.isEmpty ? "\(name): " : "\(name) [\(TerminalText.safe(current))]: "
    }

    /// Checks an answer the way the statement will, so a bad one is asked again.
    private func record(_ reply: String, for question: Question, in answers: inout Answers) throws(Diagnostic) {
        let ledger = session.ledger
        let anywhere = SourceRange(start: SourceLocation(offset: 0, line: 1, column: 1), end: SourceLocation(offset: 0, line: 1, column: 1))
        switch question {
        case .kind:
            guard let kind = Kind.allCases.first(where: { !reply.isEmpty && $0.rawValue.hasPrefix(reply.lowercased()) }) else {
                throw Diagnostic(.unexpected(found: "'\(reply)'", expected: "'expense' or 'income'"), at: anywhere)
            }
            if kind != answers.kind { answers.category = "" }
            answers.kind = kind
        case .amount:
            guard !reply.isEmpty else { throw Diagnostic(.amountNeeded, at: anywhere) }
            let evaluator = Evaluator(ledger: ledger, today: today, now: 0)
            answers.minorUnits = try evaluator.amount(try Parser.amount(reply), in: ledger.currentBook.currency)
            answers.amount = reply
        case .category:
            guard let category = ledger.category(named: reply) else {
                let names = ledger.categories.filter { $0.kind == answers.kind }.flatMap(\.allNames)
                throw Diagnostic(.unknownName(kind: "category", name: reply, suggestion: Suggestion.nearest(to: reply, among: names)), at: anywhere)
            }
            guard category.kind == answers.kind else {
                throw Diagnostic(.kindMismatch(category: category.name, kind: category.kind, wanted: answers.kind), at: anywhere)
            }
            answers.category = category.name
        case .remark:
            answers.remark = reply
        case .date:
            answers.date = try Parser.date(reply).resolve(today: today).iso
        case .place:
            answers.place = reply
        case .tags:
            let tags = reply.split { $0 == " " || $0 == "," }.map { String($0.hasPrefix("#") ? $0.dropFirst() : $0).lowercased() }
            guard tags.allSatisfy({ !$0.isEmpty && $0.allSatisfy(Lexer.isWordCharacter) }) else {
                throw Diagnostic(.tagWithSpaces, at: anywhere)
            }
            answers.tags = tags
        }
    }

    /// The most used category of `kind`, else the first of that kind.
    private func mostUsedCategory(_ kind: Kind) -> String {
        let ledger = session.ledger
        let ofKind = ledger.categories.filter { $0.kind == kind }
        var counts: [Int64: Int] = [:]
        for bill in ledger.bills { counts[bill.categoryID, default: 0] += 1 }
        let best = ofKind.max { (counts[$0.id] ?? 0, -$0.position) < (counts[$1.id] ?? 0, -$1.position) }
        return best?.name ?? ""
    }

    private func preview(_ answers: Answers) -> String {
        let amount = MoneyFormat.grouped(answers.minorUnits, session.ledger.currentBook.currency)
        var parts = [answers.date, answers.kind.rawValue, amount, answers.category]
        if !answers.remark.isEmpty { parts.append(answers.remark) }
        if !answers.place.isEmpty { parts.append("@" + answers.place) }
        if !answers.tags.isEmpty { parts.append(answers.tags.map { "#" + $0 }.joined(separator: " ")) }
        return TerminalText.safe(parts.joined(separator: "  "))
    }

    /// The `add` statement the answers make.
    func statement(_ answers: Answers) -> String {
        var parts = ["add", answers.kind.rawValue, answers.amount, Literal.name(answers.category)]
        if !answers.remark.isEmpty { parts.append(Literal.string(answers.remark)) }
        parts += ["on", answers.date]
        if !answers.place.isEmpty { parts += ["at", Literal.string(answers.place)] }
        parts += answers.tags.map { "#" + $0 }
        return parts.joined(separator: " ")
    }

    private var today: Day { session.today }

    static func fixed(_ words: [String]) -> (String) -> Completer.Completion {
        { before in
            let partial = String(before.reversed().prefix { Lexer.isWordCharacter($0) }.reversed())
            return .words(words.filter { Names.key($0).hasPrefix(Names.key(partial)) })
        }
    }
}
