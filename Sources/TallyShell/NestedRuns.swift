import TallyCore
import TallyLanguage

/// How far one statement's `run`s have gone: scripts and saved statements
/// it ran, however nested, and the bytes of script they read, bounded so
/// that a script running itself three times over cannot run for ever.
struct NestedRuns {
    static let maximumDepth = 16
    static let maximumRuns = 1000

    private(set) var depth = 0
    private var runs = 0
    private var bytes = 0
    /// Set when the runs nested too deep or ran too many others: every
    /// nested run then ends at once, with the one error already given.
    var stopped = false

    mutating func startStatement() {
        runs = 0
        bytes = 0
    }

    /// Counts one more run of `text`, or says which bound it would pass.
    mutating func enter(reading text: String) -> Problem? {
        guard depth < NestedRuns.maximumDepth else {
            stopped = true
            return .runsTooDeep(NestedRuns.maximumDepth)
        }
        runs += 1
        bytes += text.utf8.count
        guard runs <= NestedRuns.maximumRuns, bytes <= FileContent.script.limit else {
            stopped = true
            return .tooManyRuns(runs: NestedRuns.maximumRuns, mebibytes: FileContent.script.limit >> 20)
        }
        depth += 1
        return nil
    }

    mutating func leave() {
        depth -= 1
    }
}
