import TallyCore

/// Why a number's text could not be read, and at which of its characters.
struct PeerNumberProblem: Error {
    let offset: Int
    let message: String
    /// The number would read where a comma were its decimal mark.
    var isAboutMarks = false
}

/// Numbers as hledger, ledger and beancount write them: digits, at most one
/// decimal mark, and digit group marks (the other of `.` and `,`) before it,
/// each followed by three digits. Read exactly, never through a Double.
enum PeerNumber {
    /// Far more than any amount, and few enough that a sum of many, or a
    /// price times a quantity, cannot overflow `Int128`.
    static let mostDigits = 18

    /// The number `text` writes, its decimal point removed (`1,000.50` is
    /// 100050 at scale 2), where `decimalMark` is `.` or `,`.
    static func value(of text: String, decimalMark: Character) throws(PeerNumberProblem) -> (units: Int128, scale: Int) {
        let groupMark: Character = decimalMark == "." ? "," : "."
        let characters = Array(text)
        var units: Int128 = 0
        var digits = 0
        var scale: Int?
        var groupDigits: Int?
        for (offset, character) in characters.enumerated() {
            if character == decimalMark {
                if scale != nil { throw PeerNumberProblem(offset: offset, message: Translation.translated("'%s' has a second decimal mark", text)) }
                if let groupDigits, groupDigits != 3 { throw groupProblem(text, offset) }
                scale = 0
            } else if character == groupMark {
                if scale != nil {
                    throw PeerNumberProblem(
                        offset: offset, message: Translation.translated("'%s' has '%s' after its decimal mark '%s'", text, groupMark, decimalMark), isAboutMarks: true)
                }
                if digits == 0 || groupDigits.map({ $0 != 3 }) == true { throw groupProblem(text, offset) }
                groupDigits = 0
            } else if let digit = character.wholeNumberValue, character.isASCII {
                digits += 1
                if digits > mostDigits { throw PeerNumberProblem(offset: offset, message: Translation.translated("'%s' has more than %d digits", text, mostDigits)) }
                units = units * 10 + Int128(digit)
                if let current = scale {
                    scale = current + 1
                } else if let current = groupDigits {
                    groupDigits = current + 1
                }
            } else {
                throw PeerNumberProblem(offset: offset, message: Translation.translated("'%s' is not a number such as 1,234.50", text))
            }
        }
        if digits == 0 { throw PeerNumberProblem(offset: 0, message: Translation.translated("'%s' is not a number such as 1,234.50", text)) }
        if scale == nil, let groupDigits, groupDigits != 3 { throw groupProblem(text, characters.count) }
        return (units, scale ?? 0)
    }

    private static func groupProblem(_ text: String, _ offset: Int) -> PeerNumberProblem {
        PeerNumberProblem(offset: offset, message: Translation.translated("'%s' has a digit group mark not followed by three digits", text), isAboutMarks: true)
    }

    /// The decimal mark a sample such as a commodity's format shows, as
    /// hledger reads it: the last of `.` and `,` where both appear, else the
    /// one that appears once (`1000,00`); nil where the sample shows none
    /// (`1000`) or only groups (`1,000,000`).
    static func decimalMark(ofSample text: String) -> Character? {
        let marks = text.filter { $0 == "." || $0 == "," }
        guard let last = marks.last else { return nil }
        if marks.contains(where: { $0 != last }) { return last }
        return marks.count == 1 ? last : nil
    }
}
