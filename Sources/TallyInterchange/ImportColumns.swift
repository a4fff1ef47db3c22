import TallyCore
import TallyLanguage

/// Which column holds each field, from the header row and the statement's
/// own `columns (…)`.
struct ImportColumns: Sendable {
    /// Each field's column, in the order of `ImportField.allCases`: asked many times a row.
    private var positions = [Int?](repeating: nil, count: ImportField.allCases.count)
    /// How many fields the header has: a row may have no more.
    let count: Int
    /// The header's names, trimmed; empty for a file without a header.
    let names: [String]

    /// Header names as spreadsheets, banks and Chinese apps write them.
    static let headerNames: [String: ImportField] = {
        var names: [String: ImportField] = [:]
        for spelling in ImportField.spellings { names[spelling] = ImportField(named: spelling) }
        let others: [String: ImportField] = [
            "日期": .date, "交易时间": .date, "类型": .kind, "收支": .kind, "收/支": .kind, "金额": .amount, "金额(元)": .amount,
            "金额（元）": .amount, "分类": .category, "类别": .category, "备注": .remark, "商品": .remark, "商品说明": .remark,
            "账本": .book, "地点": .place, "交易对方": .place, "标签": .tags, "交易单号": .transaction, "交易号": .transaction,
            "交易订单号": .transaction, "description": .remark, "payee": .place, "debit": .amountOut, "credit": .amountIn,
            "withdrawal": .amountOut, "deposit": .amountIn, "transaction id": .transaction, "账户": .account,
            "余额": .balance, "账户余额": .balance, "running balance": .balance,
        ]
        names.merge(others) { first, _ in first }
        return names
    }()

    /// The columns of `header`, the record on `line`; refused when a field
    /// could be in two columns, unless the statement says which.
    init(header: [String], line: Int, mappings: [ColumnMapping], file: Located<String>) throws(Diagnostic) {
        names = header.map { String($0.trimmingSpaces) }
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
            if case .header(let name) = mapping.column.value {
                let matching = keys.indices.filter { keys[$0] == Names.key(name) }
                if matching.count > 1 {
                    throw Diagnostic(twoColumns(field, matching[0], matching[1]), at: mapping.column.range)
                }
            }
            positions[field.index] = try position(of: mapping.column)
        }
        for field in ImportField.allCases {
            if let second = secondColumns[field], let first = positions[field.index] {
                throw Diagnostic(twoColumns(field, first, second), at: file.range)
            }
        }
        try checkRequired(file)
    }

    /// The columns of a file without a header, which the statement names by number.
    init(numbered count: Int, mappings: [ColumnMapping], file: Located<String>) throws(Diagnostic) {
        self.count = count
        names = []
        for mapping in mappings {
            guard case .number = mapping.column.value else { throw Diagnostic(.columnsByNumber(file: file.value), at: mapping.column.range) }
            positions[mapping.field.value.index] = try position(of: mapping.column)
        }
        try checkRequired(file)
    }

    private func checkRequired(_ file: Located<String>) throws(Diagnostic) {
        if positions[ImportField.date.index] == nil {
            throw Diagnostic(.missingColumn(file: file.value, field: "date", header: names), at: file.range)
        }
        if !has(.amount) && !has(.amountIn) && !has(.amountOut) {
            throw Diagnostic(.missingColumn(file: file.value, field: "amount", header: names), at: file.range)
        }
    }

    /// Whether the header, read as these columns, has what an import needs
    /// with no profile: a date, an amount and a category.
    static func suffice(_ header: [String], mappings: [ColumnMapping]) -> Bool {
        let fields = Set(header.compactMap { headerNames[Names.key(String($0.trimmingSpaces))] } + mappings.map(\.field.value))
        return fields.contains(.date) && fields.contains(.category) && !fields.isDisjoint(with: [.amount, .amountIn, .amountOut])
    }

    /// The column a reference names, counted from 0.
    func position(of column: Located<ColumnReference>) throws(Diagnostic) -> Int {
        switch column.value {
        case .number(let number):
            guard number <= count else { throw Diagnostic(.noSuchColumn(columns: count, number: number), at: column.range) }
            return number - 1
        case .header(let name):
            guard let position = names.firstIndex(where: { Names.key($0) == Names.key(name) }) else {
                let suggestion = Suggestion.nearest(to: name, among: names)
                throw Diagnostic(.unknownName(kind: .column, name: name, suggestion: suggestion), at: column.range)
            }
            return position
        }
    }

    func has(_ field: ImportField) -> Bool { positions[field.index] != nil }

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
        case .amountIn: return 8
        case .amountOut: return 9
        case .transaction: return 10
        case .account: return 11
        case .balance: return 12
        }
    }
}
