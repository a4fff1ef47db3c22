import TallyCore
import TallyLanguage
import TallyRender

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
        case kind, amount, category, remark, date, place, tags, account
    }

    /// Whether the entry asks `question`: the account only in a book that keeps several.
    private func asks(_ question: Question) -> Bool {
        question != .account || session.ledger.keepsAccounts(inBooks: [session.ledger.currentBook.id])
    }

    /// The question after `question` that the entry asks, or nil after the last.
    private func question(after question: Question, by step: Int = 1) -> Question? {
        var next = Question(rawValue: question.rawValue + step)
        while let candidate = next, !asks(candidate) { next = Question(rawValue: candidate.rawValue + step) }
        return next
    }

    /// The answers so far, each as the language reads it.
    struct Answers {
        var kind = Kind.expense
        /// The amount as typed, its sum, and what that comes to in the book's currency.
        var amountText = ""
        var amount: AmountExpression?
        var minorUnits: Int64 = 0
        var category = ""
        var remark = ""
        var day: Day?
        var place = ""
        var tags: [String] = []
        /// Empty for the book's default.
        var account = ""
    }

    public func run() {
        output.result(Translation.translated("Enter a bill: Enter takes [the default], '<' goes back, '.' or Ctrl-D stops."))
        var saved = false
        var next = Answers()
        while var answers = enterBill(next, from: .kind, afterSaving: saved) {
            next = Answers(kind: answers.kind)
            output.result(preview(answers))
            confirming: while true {
                switch reader.readLine(prompt: Translation.translated("Save? [Y/n] "), candidates: Self.fixed(["yes", "no"])) {
                case .line(let raw):
                    switch raw.lowercased().trimmingCharacters(in: " ") {
                    case "", "y", "yes":
                        saved = session.add(bill(answers), writtenAs: statement(answers)) == .success || saved
                        break confirming
                    case "n", "no":
                        output.result(Translation.translated("not saved"))
                        break confirming
                    case "<":
                        let last = Question.allCases.last(where: asks) ?? .tags
                        guard let changed = enterBill(answers, from: last, afterSaving: saved) else { return }
                        answers = changed
                        output.result(preview(answers))
                    default:
                        session.complain(.answerYesOrNo)
                    }
                case .interrupted, .end:
                    output.result(Translation.translated("not saved"))
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
                output.result(stopped(at: question, answers, afterSaving: saved))
                return nil
            }
            let reply = raw.trimmingCharacters(in: " ")
            if reply == "." {
                output.result(stopped(at: question, answers, afterSaving: saved))
                return nil
            }
            if reply == "<" {
                question = self.question(after: question, by: -1) ?? .kind
                continue
            }
            do {
                try record(reply.isEmpty ? defaultAnswer : reply, for: question, in: &answers)
            } catch {
                output.error(session.errorRenderer.renderAnswer(error))
                continue
            }
            guard let next = self.question(after: question) else { return answers }
            question = next
        }
    }

    /// What is said when the entry stops: a bill begun after others were
    /// saved is the one lost; stopping at the first question of the next
    /// loses nothing.
    private func stopped(at question: Question, _ answers: Answers, afterSaving saved: Bool) -> String {
        guard saved else { return Translation.translated("abandoned; nothing saved") }
        let begun = question != .kind || answers.amount != nil
        return begun ? Translation.translated("stopped; this bill was not saved") : Translation.translated("stopped; no new bill was started")
    }

    /// The prompt, its default and what Tab offers.
    private func ask(_ question: Question, _ answers: Answers) -> (String, String, [String]) {
        let ledger = session.wholeLedger
        switch question {
        case .kind:
            return (Translation.translated("kind [%s]: ", answers.kind.rawValue), answers.kind.rawValue, ["expense", "income"])
        case .amount:
            let prompt = answers.amountText.isEmpty
                ? Translation.translated("amount: ") : Translation.translated("amount [%s]: ", TerminalText.safe(answers.amountText))
            return (prompt, answers.amountText, [])
        case .category:
            let fallback = answers.category.isEmpty ? mostUsedCategory(answers.kind) : answers.category
            let names = ledger.activeCategories.filter { $0.kind == answers.kind }.flatMap(\.allNames)
            return (Translation.translated("category [%s]: ", TerminalText.safe(fallback)), fallback, names.map(Literal.name))
        case .remark:
            let prompt = answers.remark.isEmpty
                ? Translation.translated("remark: ") : Translation.translated("remark [%s]: ", TerminalText.safe(answers.remark))
            return (prompt, answers.remark, [])
        case .date:
            let fallback = (answers.day ?? today).iso
            return (Translation.translated("date [%s]: ", fallback), fallback, ["today", "yesterday"])
        case .place:
            let prompt = answers.place.isEmpty
                ? Translation.translated("place: ") : Translation.translated("place [%s]: ", TerminalText.safe(answers.place))
            return (prompt, answers.place, [])
        case .tags:
            let tags = answers.tags.joined(separator: " ")
            let prompt = tags.isEmpty ? Translation.translated("tags: ") : Translation.translated("tags [%s]: ", TerminalText.safe(tags))
            return (prompt, tags, ledger.tags)
        case .account:
            let book = ledger.currentBook.id
            let fallback = answers.account.isEmpty ? ledger.defaultAccount(ofBook: book)?.name ?? "" : answers.account
            let names = ledger.accounts(ofBook: book).filter { !$0.archived }.map(\.name)
            return (Translation.translated("account [%s]: ", TerminalText.safe(fallback)), fallback, names.map(Literal.name))
        }
    }

    /// Reads an answer as the language does and checks it with the evaluator, so a bad one is asked again.
    private func record(_ reply: String, for question: Question, in answers: inout Answers) throws(Diagnostic) {
        let ledger = session.wholeLedger
        switch question {
        case .kind:
            guard let kind = Kind.allCases.first(where: { !reply.isEmpty && $0.rawValue.hasPrefix(reply.lowercased()) }) else {
                throw Diagnostic(.unexpected(found: "'\(reply)'", expected: Translation.translated("'expense' or 'income'")), at: GuidedEntry.anywhere)
            }
            if kind != answers.kind { answers.category = "" }
            answers.kind = kind
        case .amount:
            guard !reply.isEmpty else { throw Diagnostic(.amountNeeded, at: GuidedEntry.anywhere) }
            let amount = try Parser.amount(reply, decimalMark: session.options.decimalMark)
            answers.minorUnits = try session.evaluator.amount(amount, in: ledger.currentBook)
            answers.amount = amount
            answers.amountText = reply
        case .category:
            answers.category = try session.evaluator.category(Located(reply, GuidedEntry.anywhere), of: answers.kind).name
        case .remark:
            answers.remark = reply
        case .date:
            answers.day = try Parser.date(reply).resolve(today: today)
        case .place:
            answers.place = reply
        case .tags:
            answers.tags = try Parser.tags(reply)
        case .account:
            let with = WithAccount(name: Located(reply, GuidedEntry.anywhere), afterPlace: false)
            guard let account = try session.evaluator.account(of: with, inBook: ledger.currentBook) else {
                let names = ledger.accounts(ofBook: ledger.currentBook.id).map(\.name)
                throw Diagnostic(.unknownName(kind: .account, name: reply, suggestion: Suggestion.nearest(to: reply, among: names)),
                                 at: GuidedEntry.anywhere)
            }
            answers.account = account.name
        }
    }

    /// Answers are not statements: an error in one has no place in a line to point at.
    private static let anywhere = SourceRange(start: SourceLocation(offset: 0, line: 1, column: 1), end: SourceLocation(offset: 0, line: 1, column: 1))

    /// The most used category of `kind`, else the first of that kind.
    private func mostUsedCategory(_ kind: Kind) -> String {
        let ledger = session.wholeLedger
        let ofKind = ledger.activeCategories.filter { $0.kind == kind }
        var counts: [Int64: Int] = [:]
        for bill in ledger.bills { counts[bill.categoryID, default: 0] += 1 }
        let best = ofKind.max { (counts[$0.id] ?? 0, -$0.position) < (counts[$1.id] ?? 0, -$1.position) }
        return best?.name ?? ""
    }

    private func preview(_ answers: Answers) -> String {
        let amount = MoneyFormat.grouped(answers.minorUnits, session.ledger.currentBook.currency)
        var parts = [(answers.day ?? today).iso, answers.kind.words.shown, amount, answers.category]
        if !answers.remark.isEmpty { parts.append(answers.remark) }
        if !answers.place.isEmpty { parts.append("@" + answers.place) }
        if !answers.tags.isEmpty { parts.append(answers.tags.map { "#" + $0 }.joined(separator: " ")) }
        if !answers.account.isEmpty { parts.append(Translation.translated("with %s", answers.account)) }
        return TerminalText.safe(parts.joined(separator: "  "))
    }

    /// The bill the answers make, for the evaluator to check once more under the ledger's lock.
    func bill(_ answers: Answers) -> AddBill {
        AddBill(
            kind: answers.kind, amount: answers.amount!, category: Located(answers.category, GuidedEntry.anywhere),
            remark: answers.remark.isEmpty ? nil : answers.remark, date: Located(.day(answers.day ?? today), GuidedEntry.anywhere),
            place: answers.place.isEmpty ? nil : answers.place, tags: answers.tags,
            account: answers.account.isEmpty ? nil : WithAccount(name: Located(answers.account, GuidedEntry.anywhere), afterPlace: false))
    }

    /// The `add` statement that writes the same bill: how the undo history names it.
    func statement(_ answers: Answers) -> String {
        var parts = ["add", answers.kind.rawValue, answers.amountText, Literal.name(answers.category)]
        if !answers.remark.isEmpty { parts.append(Literal.string(answers.remark)) }
        parts += ["on", (answers.day ?? today).iso]
        if !answers.place.isEmpty { parts += ["at", Literal.string(answers.place)] }
        parts += answers.tags.map { "#" + $0 }
        if !answers.account.isEmpty { parts += ["with", Literal.name(answers.account)] }
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
