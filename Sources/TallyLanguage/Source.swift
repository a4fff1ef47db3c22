/// A place in the input: line and column count from 1, in characters.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public let offset: Int
    public let line: Int
    public let column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }
}

/// The characters from `start` up to, not including, `end`.
public struct SourceRange: Hashable, Sendable {
    public let start: SourceLocation
    public let end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// Where a statement Tally asks on its own behalf stands: nowhere in the input.
    public static let nowhere = SourceRange(start: SourceLocation(offset: 0, line: 1, column: 1), end: SourceLocation(offset: 0, line: 1, column: 1))

    /// From the start of `self` to the end of `other`.
    public func through(_ other: SourceRange) -> SourceRange {
        SourceRange(start: start, end: other.end)
    }
}

/// A value and where it was written, so later errors can point at it.
public struct Located<Value: Sendable>: Sendable {
    public let value: Value
    public let range: SourceRange

    public init(_ value: Value, _ range: SourceRange) {
        self.value = value
        self.range = range
    }
}

extension Located: Equatable where Value: Equatable {}
