import TallyCore

/// The formats `export` writes, chosen by the file's extension.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// `journal` is read by hledger and ledger alike; `hledger` is the same
    /// journal with recurring rules as hledger's periodic transactions, which ledger cannot read.
    case csv, json, journal, hledger, beancount

    /// Extensions each format answers to; hledger and ledger users name journals several ways.
    public static let extensions: [String: ExportFormat] = [
        "csv": .csv, "json": .json, "journal": .journal, "ledger": .journal, "hledger": .hledger, "beancount": .beancount, "bean": .beancount,
    ]

    public init?(path: String) {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), let format = ExportFormat.extensions[name[name.index(after: dot)...].lowercased()] else {
            return nil
        }
        self = format
    }

    /// Whether the file holds recurring rules: CSV and JSON hold only bills, as `list` shows them.
    public var holdsRules: Bool { self != .csv && self != .json }

    /// The kind of file, as a name says it: "a JSON file".
    public var kind: String {
        switch self {
        case .csv: return "CSV"
        case .json: return "JSON"
        case .journal, .hledger: return "journal"
        case .beancount: return "beancount"
        }
    }

    /// What the format is, for the confirmation, which shows it with
    /// `Translation.translated`: the facts of a JSON confirmation keep it as it is.
    public var title: String {
        switch self {
        case .csv: return "CSV"
        case .json: return "JSON"
        case .journal: return Translation.catalogued("hledger/ledger journal")
        case .hledger: return Translation.catalogued("hledger journal")
        case .beancount: return Translation.catalogued("beancount file")
        }
    }
}
