#if canImport(Glibc)
import Glibc
#endif

/// How many columns results may take: tables shrink their text to fit, and
/// chart bars fill what is left.
public enum OutputWidth: Sendable, Equatable {
    case columns(Int)
    /// The width of the terminal on this descriptor, asked each time: its window may be resized.
    case terminal(Int32)

    /// `COLUMNS` when set, else the terminal's width when results go to one, else 80.
    public static func from(environment: [String: String], resultsToTerminal: Bool) -> OutputWidth {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return .columns(columns) }
        return resultsToTerminal ? .terminal(1) : .columns(80)
    }

    /// Where error messages wrap: `COLUMNS` when set, else the terminal's
    /// width when errors go to one; nil keeps each message on one line for tools that read logs.
    public static func forErrors(environment: [String: String], errorsToTerminal: Bool) -> OutputWidth? {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return .columns(columns) }
        return errorsToTerminal ? .terminal(2) : nil
    }

    /// The width now; never below 20, where no table could be read anyway.
    public var columns: Int {
        switch self {
        case .columns(let columns): return max(20, columns)
        case .terminal(let descriptor):
            var size = winsize()
            guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
            return max(20, Int(size.ws_col))
        }
    }
}
