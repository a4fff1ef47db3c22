import Testing
@testable import TallyInterchange

/// Text cut short anywhere is read or refused with a place inside it, never a crash.
@Suite struct PeerReaderRobustnessTests {
    /// `text` with one of its lines cut short at each of its characters in turn.
    static func cuts(of text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.flatMap { index in
            (0..<lines[index].count).map { length in
                var cut = lines
                cut[index] = lines[index].prefix(length)
                return cut.joined(separator: "\n")
            }
        }
    }

    static func check(_ text: String, _ read: (String) throws(PeerJournalError) -> PeerJournal) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        do {
            _ = try read(text)
        } catch {
            #expect((1...lines.count).contains(error.line), "\(error) in\n\(text)")
            #expect(error.line > lines.count || (1...lines[error.line - 1].count + 1).contains(error.column), "\(error) in\n\(text)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func aJournalCutAnywhere() throws {
        for text in Self.cuts(of: try fixture("handwritten.journal")) { Self.check(text, JournalReader.read) }
    }

    @Test func aBeancountFileCutAnywhere() throws {
        let sample = try fixture("example.beancount").split(separator: "\n", omittingEmptySubsequences: false)
        // Its options, a commodity, an account opened with metadata, a transaction, a balance, and a sale of shares from its lot.
        let text = (sample[0..<20] + sample[70..<84] + sample[1136..<1142]).joined(separator: "\n")
        for text in Self.cuts(of: text) { Self.check(text, BeancountReader.read) }
    }
}
