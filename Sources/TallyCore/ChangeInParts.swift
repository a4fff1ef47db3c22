/// A change too large to hold at once, as the import of a million rows is:
/// made and written a part at a time, in one transaction, and kept in the
/// undo history as one change. Its maker may give it up at any part; then
/// nothing of it is written.
public protocol ChangeInParts: AnyObject {
    /// About how many rows the whole change writes, for progress and for how they are best written.
    var expectedRows: Int { get }
    /// The next part's rows, in order after the last part's; nil when there are no more.
    func nextPart() -> [RowChange]?
    /// Once there are no more parts: what the change did, in words, for the
    /// undo history; nil when it is given up or changed nothing.
    var summary: Phrase? { get }
}
