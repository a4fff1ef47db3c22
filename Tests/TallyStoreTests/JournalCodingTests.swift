import Foundation
import TallyCore
@testable import TallyStore
import Testing

/// The undo history writes bills by hand, in a form of its own; they must read
/// back exactly, and so must entries written by `JSONEncoder` before.
@Suite("Journal coding")
struct JournalCodingTests {
    @Test func billsWrittenByHandReadBackTheSame() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["", "lunch", "\"quoted\"", "back\\slash", "line\nbreak", "\u{1}\u{1F}", "餐饮", "😀", "tab\there", "\u{7F}\u{85}"]
        var rows: [RowChange] = []
        for id in 1...300 {
            let bill = Bill(
                id: Int64(id), bookID: Int64.random(in: 1...3, using: &generator), categoryID: Int64.random(in: 1...40, using: &generator),
                amount: Int64.random(in: 1...maximumAmount, using: &generator), day: Day(ordinal: Int32.random(in: -719_162...2_932_896, using: &generator)),
                remark: (0..<3).map { _ in pieces.randomElement(using: &generator)! }.joined(),
                place: Bool.random(using: &generator) ? nil : pieces.randomElement(using: &generator)!,
                tags: (0..<Int.random(in: 0...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! },
                created: Int64.random(in: 0...4_000_000_000, using: &generator), updated: Int64.random(in: 0...4_000_000_000, using: &generator))
            switch id % 3 {
            case 0: rows.append(RowChange(before: nil, after: .bill(bill)))
            case 1: rows.append(RowChange(before: .bill(bill), after: nil))
            default:
                var edited = bill
                edited.remark += " edited"
                rows.append(RowChange(before: .bill(bill), after: .bill(edited)))
            }
        }
        rows.append(RowChange(before: nil, after: .category(Category(id: 9, name: "kaffee", kind: .expense, icon: "☕", aliases: ["咖啡"], position: 3))))
        rows.append(RowChange(before: .budget(Budget(id: 1, bookID: 1, categoryID: nil, amount: 500)), after: nil))
        let text = String(decoding: try JournalCoding.encode(rows), as: UTF8.self)
        #expect(whole(try JournalCoding.decode(text)) == rows)
        let before = String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
        #expect(whole(try JournalCoding.decode(before)) == rows)
        #expect(text.utf8.count * 3 < before.utf8.count * 2)
    }
}

extension JournalCodingTests {
    @Test func aBigChangeIsEncodedAlongsideItsWriting() throws {
        // Ids a step apart, so no run of them is named: every row is encoded whole.
        let rows = stride(from: Int64(1), through: Int64(2 * (JournalCoding.encodedAside + 5)), by: 2).map { id in
            RowChange(before: nil, after: .bill(Bill(id: id, bookID: 1, categoryID: 2, amount: id, day: Day(ordinal: 17000), remark: "r\(id)")))
        }
        var wrote = false
        let bytes = try JournalCoding.encode(rows) { () throws(StoreError) in wrote = true }
        #expect(wrote)
        #expect(whole(try JournalCoding.decode(String(decoding: bytes, as: UTF8.self))) == rows)
        #expect(try JournalCoding.encode(rows) == bytes)
    }
}

extension JournalCodingTests {
    /// The rows read by hand are the rows `JSONDecoder` reads, in every form
    /// the history holds: bills and sources written by hand, records written
    /// by `JSONEncoder`, whole entries written by it before, with its
    /// escapes (`\/`, `\uD83D\uDE00`) and with spaces the reader leaves to it.
    @Test func rowsReadByHandAreThoseJSONDecoderReads() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["", "a/b", "\"q\"", "\\", "\n\r\t\u{8}\u{C}", "\u{1}\u{1F}\u{7F}", "餐饮", "😀", "\u{85}\u{A0}", "e\u{301}"]
        var rows: [RowChange] = []
        for id in Int64(1)...200 {
            let bill = Bill(
                id: id, bookID: 1, categoryID: Int64.random(in: 1...40, using: &generator), amount: Int64.random(in: -500...maximumAmount, using: &generator),
                day: Day(ordinal: Int32.random(in: -719_162...2_932_896, using: &generator)),
                remark: (0..<3).map { _ in pieces.randomElement(using: &generator)! }.joined(),
                place: id % 4 == 0 ? nil : pieces.randomElement(using: &generator)!,
                tags: (0..<Int.random(in: 0...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! },
                created: Int64.random(in: 0...4_000_000_000, using: &generator), updated: Int64.min + id, accountID: id % 3 == 0 ? id : 0)
            rows.append(id % 5 == 0 ? RowChange(before: .bill(bill), after: nil) : RowChange(before: nil, after: .bill(bill)))
        }
        rows.append(RowChange(before: nil, after: .importSources(ImportSourceBatch(id: 4, sources: (1...50).map {
            ImportSource(billID: $0, fingerprint: Int64.random(in: .min ... .max, using: &generator), digest: -$0)
        }))))
        rows.append(RowChange(before: nil, after: .importSources(ImportSourceBatch(id: 5, sources: []))))
        rows.append(RowChange(before: .settings(Settings(currentBookID: 1)), after: .settings(Settings(currentBookID: 2))))
        rows.append(RowChange(before: nil, after: .category(Category(id: 9, name: "a/b \"c\"", kind: .expense, icon: "☕", aliases: [], position: 3))))
        rows.append(RowChange(before: nil, after: nil))
        let written = String(decoding: try JournalCoding.encode(rows), as: UTF8.self)
        #expect(whole(JournalReading.pieces(written)) == rows)
        #expect(try JournalCoding.decodedByFoundation(written) == rows)
        let encoded = String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
        #expect(encoded.contains("\\/"))
        #expect(whole(JournalReading.pieces(encoded)) == rows)
        let pretty = JSONEncoder()
        pretty.outputFormatting = .prettyPrinted
        let spaced = String(decoding: try pretty.encode(rows), as: UTF8.self)
        #expect(whole(JournalReading.pieces(spaced)) == nil)
        #expect(whole(try JournalCoding.decode(spaced)) == rows)
        #expect(whole(JournalReading.pieces("[]")) == [])
    }

    /// Text cut short or changed is not guessed at: `JSONDecoder` says why it cannot be read.
    @Test func historyThatIsNotWholeIsRefused() throws {
        let rows = [RowChange(before: nil, after: .bill(Bill(id: 1, bookID: 1, categoryID: 2, amount: 5, day: Day(ordinal: 17000), remark: "x")))]
        let written = String(decoding: try JournalCoding.encode(rows), as: UTF8.self)
        #expect(whole(JournalReading.pieces(written.replacingOccurrences(of: "\"x\"", with: "\"\\uD800\""))) == nil)
        for broken in [String(written.dropLast()), written.replacingOccurrences(of: "5,", with: "5.5,"), written + "x", "[{\"after\":{\"b\":[1]}}]",
                       written.replacingOccurrences(of: "[1,", with: "[01,")] {
            #expect(whole(JournalReading.pieces(broken)) == nil, "\(broken)")
            #expect(throws: StoreError.self) { try JournalCoding.decode(broken) }
        }
    }
}

/// The rows `pieces` stand for, when every one is kept whole; nil when one is named (held) or there are none.
func whole(_ pieces: [JournalPiece]?) -> [RowChange]? {
    guard let pieces else { return nil }
    var rows: [RowChange] = []
    for piece in pieces {
        guard case .row(let row) = piece else { return nil }
        rows.append(row)
    }
    return rows
}
