import TallyCore

extension CSV {
    /// The separator of the first record at or after `index`: whichever of
    /// `separators` it holds most of outside quoted fields, or a comma when
    /// no one of them is ahead of the rest. Which byte separates is what is
    /// asked, so a quote opens a field at the start of the record or after
    /// any of them.
    public static func detectSeparator(in bytes: [UInt8], from index: Int) -> UInt8 {
        var position = bytes[index...].starts(with: [0xEF, 0xBB, 0xBF]) ? index + 3 : index
        // The reader skips blank lines before a record, and so does this.
        while position < bytes.count && (bytes[position] == CSVReader.newline || bytes[position] == CSVReader.carriageReturn) {
            position += 1
        }
        var counts = [Int](repeating: 0, count: separators.count)
        var atFieldStart = true
        var quoted = false
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if quoted {
                if byte == CSVReader.quote {
                    if position < bytes.count && bytes[position] == CSVReader.quote { position += 1 } else { quoted = false }
                }
                continue
            }
            if byte == CSVReader.newline || byte == CSVReader.carriageReturn { break }
            if atFieldStart && byte == CSVReader.quote {
                quoted = true
                continue
            }
            if let separator = separators.firstIndex(of: byte) {
                counts[separator] += 1
                atFieldStart = true
            } else {
                atFieldStart = false
            }
        }
        let most = counts.max() ?? 0
        let leaders = counts.indices.filter { counts[$0] == most }
        return leaders.count == 1 ? separators[leaders[0]] : CSVReader.comma
    }
}
