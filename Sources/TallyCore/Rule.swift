/// A rule that fills in what an imported row or a quick entry leaves out:
/// `remark ~ starbucks => category drinks`. Rules apply in `position` order;
/// the language reads their text.
public struct Rule: Hashable, Sendable, Codable {
    public let id: Int64
    public var position: Int
    public var text: String

    public init(id: Int64, position: Int, text: String) {
        self.id = id
        self.position = position
        self.text = text
    }

    public static func applyOrder(_ first: Rule, _ second: Rule) -> Bool {
        (first.position, first.id) < (second.position, second.id)
    }
}
