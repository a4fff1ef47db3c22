/// The formats `export` writes, chosen by the file's extension.
public enum ExportFormat: String, CaseIterable, Sendable {
    case csv, json, journal, beancount

    /// Extensions each format answers to; hledger and ledger users name journals several ways.
    public static let extensions: [String: ExportFormat] = [
        "csv": .csv, "json": .json, "journal": .journal, "ledger": .journal, "hledger": .journal, "beancount": .beancount, "bean": .beancount,
    ]

    public init?(path: String) {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), let format = ExportFormat.extensions[name[name.index(after: dot)...].lowercased()] else {
            return nil
        }
        self = format
    }

    /// The kind of file, as a name says it: "a JSON file".
    public var kind: String {
        switch self {
        case .csv: return "CSV"
        case .json: return "JSON"
        case .journal: return "journal"
        case .beancount: return "beancount"
        }
    }

    /// What the format is, for the confirmation.
    public var title: String {
        switch self {
        case .csv: return "CSV"
        case .json: return "JSON"
        case .journal: return "hledger/ledger journal"
        case .beancount: return "beancount file"
        }
    }
}
