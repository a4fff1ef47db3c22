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
        #expect(try JournalCoding.decode(text) == rows)
        let before = String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
        #expect(try JournalCoding.decode(before) == rows)
        #expect(text.utf8.count * 3 < before.utf8.count * 2)
    }
}

extension JournalCodingTests {
    @Test func aBigChangeIsEncodedAlongsideItsWriting() throws {
        let rows = (1...Int64(JournalCoding.encodedAside + 5)).map { id in
            RowChange(before: nil, after: .bill(Bill(id: id, bookID: 1, categoryID: 2, amount: id, day: Day(ordinal: 17000), remark: "r\(id)")))
        }
        var wrote = false
        let bytes = try JournalCoding.encode(rows) { () throws(StoreError) in wrote = true }
        #expect(wrote)
        #expect(try JournalCoding.decode(String(decoding: bytes, as: UTF8.self)) == rows)
        #expect(try JournalCoding.encode(rows) == bytes)
    }
}
