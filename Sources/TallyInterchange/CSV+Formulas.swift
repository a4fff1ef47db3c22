import TallyCore

extension CSV {
    /// The text a cell `guarded` wrote stands for: the cell less one leading
    /// `'` when what follows its leading `'`s would be a formula, else the
    /// cell itself.
    public static func unguarded(_ cell: String) -> String {
        guard cell.utf8.first == UInt8(ascii: "'"), isFormula(afterQuotes: cell) else { return cell }
        return String(cell.dropFirst())
    }
}
