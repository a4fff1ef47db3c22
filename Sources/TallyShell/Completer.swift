import TallyCore
import TallyLanguage

/// Tab completion: what may follow the text before the cursor, as the parser
/// sees it, filled in with the ledger's names.
public struct Completer: Sendable {
    public let ledger: Ledger
    public let savedQueries: [String]
    /// How the locale writes decimals, so that `25,50 f` completes a category where a comma is one.
    public let decimalMark: DecimalMark

    public init(ledger: Ledger, savedQueries: [String] = [], decimalMark: DecimalMark = .point) {
        self.ledger = ledger
        self.savedQueries = savedQueries
        self.decimalMark = decimalMark
    }

    public enum Completion: Equatable, Sendable {
        /// Words that may replace the partial word before the cursor.
        case words([String])
        /// File names: the line editor completes those itself.
        case files
    }

    /// Candidates for the word that ends `line` (everything before the cursor).
    public func complete(_ line: String) -> Completion {
        let partialStart = line.lastIndex { !Lexer.isWordCharacter($0) }.map(line.index(after:)) ?? line.startIndex
        let partial = String(line[partialStart...])
        let before = String(line[..<partialStart])
        if before.hasSuffix("#") {
            // After `#`, a recurring bill's number where the statement takes one, else a tag.
            let ids = Parser.expectations(after: String(before.dropLast()), decimalMark: decimalMark, isSaved: isSaved).contains(.recurringRule)
            return .words(matching(partial, ids ? ledger.recurringRules.map { String($0.id) } : ledger.tags))
        }
        let expectations = Parser.expectations(after: before, decimalMark: decimalMark, isSaved: isSaved)
        // A file's name runs back to an open quote, or else to the last space:
        // where the statement expects a file there, readline completes the name.
        let nameStart = String(line[..<Completer.fileNameStart(in: line)])
        if (nameStart == before ? expectations : Parser.expectations(after: nameStart, decimalMark: decimalMark, isSaved: isSaved)).contains(.file) {
            return .files
        }
        guard let words = words(for: expectations) else { return .files }
        return .words(matching(partial, words))
    }

    /// Whether a word names a saved statement: then a number after it is its value, as the session reads it.
    private func isSaved(_ word: String) -> Bool {
        ledger.savedQuery(named: word) != nil
    }

    /// The words that meet `expectations`, or nil when a file's name is expected.
    private func words(for expectations: [ExpectedInput]) -> [String]? {
        var words: [String] = []
        for expectation in expectations {
            switch expectation {
            case .keyword(let keyword): words.append(keyword)
            case .category(let kind):
                words += ledger.activeCategories.filter { kind == nil || $0.kind == kind }.flatMap(\.allNames).map(Literal.name)
            case .archivedCategory:
                words += ledger.categories.filter(\.archived).flatMap(\.allNames).map(Literal.name)
            case .book: words += ledger.books.map(\.name).map(Literal.name)
            case .tag: words += ledger.tags.map { "#" + $0 }
            case .savedQuery: words += savedQueries
            case .savedValue(let name, let given):
                guard let saved = ledger.savedQuery(named: name) else { continue }
                // After the last value, the results' format may follow.
                guard given.count < saved.parameters.count else {
                    words.append("as")
                    continue
                }
                words += self.words(for: SavedCall.expectations(of: saved, given: given)) ?? []
            case .profile: words += (ledger.importProfiles.map(\.name) + BuiltInProfiles.all.map(\.name)).map(Literal.name)
            case .recurringRule: words += ledger.recurringRules.map { "#\($0.id)" }
            case .account:
                let current = ledger.currentBook
                words += ledger.accounts(ofBook: current.id).filter { !$0.archived }.map { Literal.name($0.name) }
                words += ledger.accounts.filter { $0.bookID != current.id && !$0.archived }.compactMap { account in
                    ledger.book(id: account.bookID).map { "\(Literal.name($0.name)):\(Literal.name(account.name))" }
                }
            case .currencyInUse: words += Set(ledger.books.map(\.currency.code) + ledger.rates.flatMap { [$0.base, $0.quote] }).sorted()
            case .helpTopic: words += Help.topics
            case .file: return nil
            case .monthWithBills: words += Completer.monthsWithBills(in: ledger)
            }
        }
        return words
    }

    /// Where the word being typed began: at a quote left open, else after the last space.
    static func fileNameStart(in line: String) -> String.Index {
        if let quote = line.lastIndex(where: { $0 == "\"" || $0 == "'" }), line.filter({ $0 == line[quote] }).count % 2 == 1 {
            return quote
        }
        return line.lastIndex(where: \.isWhitespace).map(line.index(after:)) ?? line.startIndex
    }

    /// The years and months that hold bills, newest first: `2016`, `2016-07`, `2016-06`, `2015`, …
    static func monthsWithBills(in ledger: Ledger) -> [String] {
        var words: [String] = []
        for month in Set(ledger.bills.map { $0.day.year * 100 + $0.day.month }).sorted(by: >) {
            let year = Day(year: month / 100, month: 1, day: 1)?.yearText ?? String(month / 100)
            if !words.contains(year) { words.append(year) }
            words.append("\(year)-\(month % 100 < 10 ? "0" : "")\(month % 100)")
        }
        return words
    }

    /// The candidates that start with `partial`, ignoring case, each once, in order.
    private func matching(_ partial: String, _ candidates: [String]) -> [String] {
        let key = Names.key(partial)
        var seen = Set<String>()
        return candidates.filter { Names.key($0).hasPrefix(key) && seen.insert($0).inserted }
    }
}
