import Testing
import TallyCore
@testable import TallyLanguage

/// Statements nobody would write: the grammar's examples cut, spliced and
/// sprinkled with hostile words, and random runs of the language's words.
/// Each runs, or fails with an error that points inside what was written.
@Suite("Random and mutated statements")
struct PropertyTests {
    static let inputs = 100_000

    @Test func everyStatementRunsOrFailsWithAPositionedError() throws {
        var random = Xorshift(seed: 20_261_130)
        let seeds = GrammarExamples.all
        try #require(seeds.count >= 60)
        var outcomes = (ran: 0, failed: 0)
        for index in 0..<Self.inputs {
            let seed = seeds[random.below(seeds.count)]
            let text = switch index % 3 {
            case 0: StatementMaker.wordSoup(&random)
            case 1: StatementMaker.mutate(seed, seeds: seeds, &random)
            default: StatementMaker.vary(seed, &random)
            }
            let (ran, failed, misplaced) = check(text)
            outcomes.ran += ran
            outcomes.failed += failed
            if let misplaced { Issue.record("\(text.debugDescription): \(misplaced)") }
        }
        // Both kinds in numbers: the inputs reach the evaluator, not only the parser's first error.
        #expect(outcomes.ran > Self.inputs / 10)
        #expect(outcomes.failed > Self.inputs / 2)
    }

    /// Runs every statement of `text` against the fixture, applying each change;
    /// how many ran and failed, and the first error that points outside the text.
    private func check(_ text: String) -> (ran: Int, failed: Int, misplaced: String?) {
        var ledger = Fixture.ledger()
        let length = Lexer.characters(of: text).count
        var parser = Parser(text)
        var counts = (ran: 0, failed: 0)
        var misplaced: String?
        func inspect(_ diagnostic: Diagnostic) {
            counts.failed += 1
            let range = diagnostic.range
            let inside = range.start.line >= 1 && range.start.column >= 1 && range.start.offset <= range.end.offset
                && range.end.offset <= length
            if misplaced == nil, !inside || diagnostic.message.isEmpty {
                misplaced = "'\(diagnostic.message)' at \(range)"
            }
        }
        while let next = parser.next() {
            switch next {
            case .failure(let diagnostic):
                inspect(diagnostic)
            case .success(let parsed):
                do {
                    if case .ledger(let statement) = parsed.statement,
                       case .change(let change, _, _, _) = try Evaluator(ledger: ledger, today: defaultToday, now: fixedNow)
                        .evaluate(statement, at: parsed.range) {
                        ledger.apply(change)
                    }
                    counts.ran += 1
                } catch {
                    inspect(error)
                }
            }
        }
        return (counts.ran, counts.failed, misplaced)
    }
}

/// Makes statements out of pieces of the language and of trouble.
enum StatementMaker {
    static let words = [
        "sum", "count", "avg", "min", "max", "list", "add", "edit", "delete", "undo", "redo", "expense", "income", "net",
        "where", "by", "order", "asc", "desc", "limit", "top", "as", "table", "csv", "json", "chart", "in", "on", "from",
        "to", "since", "until", "this", "last", "today", "yesterday", "week", "month", "quarter", "year", "days", "and",
        "or", "not", "category", "cat", "amount", "remark", "place", "book", "tag", "date", "kind", "id", "weekday",
        "food", "salary", "travel", "daily", "用餐", "books", "categories", "use", "set", "weekstart", "sunday", "save",
        "saved", "forget", "run", "help", "about", "rename", "merge", "into", "alias", "icon", "currency", "USD", "at",
        "=", "!=", "<", "<=", ">", ">=", "~", "!~", "(", ")", ",", ";", "+", "-", "\n", "\\\n", "--", "#42", "#0",
        "#work", "#", "'", "\"", "\"a b\"", "25.50", "0", "0.001", "99999999999999999999", "999999999999.99",
        "2016-07", "2016-07-01", "2016-02-30", "2016-q3", "2016-w53", "9999-12-31", "0001-01-01", "jul", "july",
        "1e5", "7eleven", "\u{0}", "\u{1B}[2J", "\u{202E}", "\u{200B}", "🍜", "e\u{301}", "\r\n", "\t", "!", "\\",
    ]

    /// A run of the language's words and some that trouble it, in any order.
    static func wordSoup(_ random: inout Xorshift) -> String {
        (0..<(random.below(14) + 1)).map { _ in words[random.below(words.count)] }.joined(separator: random.below(4) == 0 ? "" : " ")
    }

    static let clauses = [
        " in 2016", " in 2016-07", " last 3 months", " by month", " by category, tag", " by weekday", " as json",
        " where amount > 5", " where tag = work or place ~ k", " where not (kind = income)", " top 3", " order by sum",
        " since 9999-12-31", " until 0001-01-01", " on yesterday", " book travel", " #late",
    ]

    /// `seed` kept in shape: its digits changed, and perhaps a clause more.
    static func vary(_ seed: String, _ random: inout Xorshift) -> String {
        let digits = Array("0123456789")
        var text = String(seed.map { $0.isASCII && $0.isNumber && random.below(3) == 0 ? digits[random.below(10)] : $0 })
        if random.below(2) == 0 { text += clauses[random.below(clauses.count)] }
        return text
    }

    /// `seed` changed one to four times: cut, spliced, repeated, or given stray words.
    static func mutate(_ seed: String, seeds: [String], _ random: inout Xorshift) -> String {
        var characters = Array(seed)
        for _ in 0..<(random.below(4) + 1) {
            let at = random.below(characters.count + 1)
            switch random.below(5) {
            case 0:
                characters.removeSubrange(at..<min(characters.count, at + random.below(6) + 1))
            case 1:
                characters.insert(contentsOf: " " + words[random.below(words.count)] + " ", at: at)
            case 2:
                let other = Array(seeds[random.below(seeds.count)])
                characters = Array(characters[..<at]) + other[random.below(other.count + 1)...]
            case 3:
                let end = min(characters.count, at + random.below(10) + 1)
                characters.insert(contentsOf: characters[at..<end], at: at)
            default:
                characters.insert(contentsOf: words[random.below(words.count)], at: at)
            }
        }
        return String(characters)
    }
}

/// A generator whose sequence depends only on its seed, so a failure can be replayed.
struct Xorshift {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    /// A number in 0..<bound.
    mutating func below(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
}
