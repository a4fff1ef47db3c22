import TallyCore
import TallyLanguage

/// Which column holds each field, from the header row and the statement's
/// own `columns (…)`.
struct ImportColumns: Sendable {
    /// Each field's column, in the order of `ImportField.allCases`: asked eight times a row.
    private var positions = [Int?](repeating: nil, count: ImportField.allCases.count)
    /// How many fields the header has: a row may have no more.
    let count: Int

    /// Header names as spreadsheets and Chinese apps write them.
    static let headerNames: [String: ImportField] = {
        var names: [String: ImportField] = [:]
        for spelling in ImportField.spellings { names[spelling] = ImportField(named: spelling) }
        let chinese: [String: ImportField] = [
            "日期": .date, "类型": .kind, "收支": .kind, "金额": .amount, "分类": .category, "类别": .category,
            "备注": .remark, "账本": .book, "地点": .place, "标签": .tags,
        ]
        names.merge(chinese) { first, _ in first }
        return names
    }()

    /// The columns of `header`, the record on `line`; refused when a field
    /// could be in two columns, unless the statement says which.
    init(header: [String], line: Int, mappings: [ColumnMapping], file: Located<String>) throws(Diagnostic) {
        let names = header.map { String($0.trimmingSpaces) }
        let keys = names.map(Names.key)
        count = header.count
        func twoColumns(_ field: ImportField, _ first: Int, _ second: Int) -> Problem {
            .columnTwice(
                file: file.value, line: line, field: field.rawValue,
                first: names[first], firstNumber: first + 1, second: names[second], secondNumber: second + 1)
        }
        var secondColumns: [ImportField: Int] = [:]
        for (position, key) in keys.enumerated() {
            guard let field = ImportColumns.headerNames[key] else { continue }
            if positions[field.index] == nil {
                positions[field.index] = position
            } else if secondColumns[field] == nil {
                secondColumns[field] = position
            }
        }
        for mapping in mappings {
            let field = mapping.field.value
            secondColumns[field] = nil
            switch mapping.column.value {
            case .number(let number):
                guard number <= header.count else {
                    throw Diagnostic(.noSuchColumn(columns: header.count, number: number), at: mapping.column.range)
                }
                positions[field.index] = number - 1
            case .header(let name):
                let matching = keys.indices.filter { keys[$0] == Names.key(name) }
                guard let position = matching.first else {
                    let suggestion = Suggestion.nearest(to: name, among: names)
                    throw Diagnostic(.unknownName(kind: "column", name: name, suggestion: suggestion), at: mapping.column.range)
                }
                if matching.count > 1 { throw Diagnostic(twoColumns(field, position, matching[1]), at: mapping.column.range) }
                positions[field.index] = position
            }
        }
        for field in ImportField.allCases {
            if let second = secondColumns[field], let first = positions[field.index] {
                throw Diagnostic(twoColumns(field, first, second), at: file.range)
            }
        }
        for field in [ImportField.date, .amount, .category] where positions[field.index] == nil {
            throw Diagnostic(.missingColumn(file: file.value, field: field.rawValue, header: names), at: file.range)
        }
    }

    /// The field's cell in a row, less the `'` an export put before a formula.
    func value(_ field: ImportField, in fields: [String]) -> String? {
        guard let position = positions[field.index], position < fields.count else { return nil }
        return CSV.unguarded(fields[position])
    }
}

extension ImportField {
    /// Where the field stands among `allCases`.
    var index: Int {
        switch self {
        case .date: return 0
        case .kind: return 1
        case .amount: return 2
        case .category: return 3
        case .remark: return 4
        case .book: return 5
        case .place: return 6
        case .tags: return 7
        }
    }
}
