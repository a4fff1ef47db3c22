// Foundation's essentials only: the full module loads ICU and doubles start-up time.
import FoundationEssentials
import TallyCore

/// The rows of a change as the undo history keeps them: JSON, read back with
/// `JSONDecoder`. Bills, which an import writes by the million, are written
/// by hand in the very shape their `Codable` conformance reads, at a tenth of
/// `JSONEncoder`'s time and memory; other records go through `JSONEncoder`.
enum JournalCoding {
    static func encode(_ rows: [RowChange]) throws(StoreError) -> String {
        var out = "["
        out.reserveCapacity(rows.count * 200)
        for (index, row) in rows.enumerated() {
            if index > 0 { out += "," }
            out += "{"
            var first = true
            for (key, record) in [("before", row.before), ("after", row.after)] {
                guard let record else { continue }
                if !first { out += "," }
                first = false
                out += "\"\(key)\":"
                try append(record, to: &out)
            }
            out += "}"
        }
        return out + "]"
    }

    static func decode(_ text: String) throws(StoreError) -> [RowChange] {
        do {
            return try JSONDecoder().decode([RowChange].self, from: Data(text.utf8))
        } catch {
            throw .corrupt(doing: "reading the undo history", "\(error)")
        }
    }

    private static func append(_ record: Record, to out: inout String) throws(StoreError) {
        guard case .bill(let bill) = record else {
            do {
                out += String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
            } catch {
                throw .corrupt(doing: "recording a change for undo", "\(error)")
            }
            return
        }
        out += "{\"bill\":{\"_0\":{\"id\":\(bill.id),\"bookID\":\(bill.bookID),\"categoryID\":\(bill.categoryID)"
        out += ",\"amount\":\(bill.amount),\"day\":{\"ordinal\":\(bill.day.ordinal)},\"remark\":"
        appendString(bill.remark, to: &out)
        if let place = bill.place {
            out += ",\"place\":"
            appendString(place, to: &out)
        }
        out += ",\"tags\":["
        for (index, tag) in bill.tags.enumerated() {
            if index > 0 { out += "," }
            appendString(tag, to: &out)
        }
        out += "],\"created\":\(bill.created),\"updated\":\(bill.updated)}}}"
    }

    private static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
