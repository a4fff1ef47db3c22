#if canImport(Glibc)
import Glibc
#endif
import TallyCore
import TallyRender

/// A line on standard error that redraws itself as the rows of long work
/// are written: how far, how fast, how long is left. Only for a terminal;
/// erased at the end. Cut to the terminal's width, so that it never wraps:
/// a line that did would be drawn anew below itself.
final class ProgressBar {
    let total: Int
    /// The terminal's width, asked each time: its window may be resized.
    let width: OutputWidth?
    private let started = ProgressBar.seconds()
    private var drawn = -Double.infinity
    static let barWidth = 24
    /// Redrawn at most this often, so drawing never slows the work.
    static let interval = 0.1

    init(total: Int, width: OutputWidth?) {
        self.total = max(total, 1)
        self.width = width
    }

    func show(done: Int) {
        let now = ProgressBar.seconds()
        guard now - drawn >= ProgressBar.interval else { return }
        drawn = now
        write("\r" + ProgressBar.fitted(ProgressBar.line(done: done, total: total, elapsed: now - started), to: width) + "\u{1B}[K")
    }

    func finish() {
        guard drawn > -Double.infinity else { return }
        write("\r\u{1B}[K")
    }

    /// `523000/1000000 rows  ████████████░░░░░░░░░░░░  52%  210000 rows/s  0:02 left`
    static func line(done written: Int, total: Int, elapsed: Double) -> String {
        let done = min(written, total)
        let filled = done * barWidth / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        var text = Translation.translated("%d/%d rows", done, total) + "  \(bar)  \(done * 100 / total)%"
        if elapsed > 0, done > 0 {
            let rate = Double(done) / elapsed
            let left = Int((Double(total - done) / rate).rounded(.up))
            let time = "\(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60)"
            text += "  " + Translation.translated("%d rows/s", Int(rate)) + "  " + Translation.translated("%s left", time)
        }
        return text
    }

    /// `line` cut to one column less than the terminal is wide: a line that
    /// fills the last column leaves the cursor waiting to wrap.
    static func fitted(_ line: String, to width: OutputWidth?) -> String {
        width.map { TerminalText.cut(line, to: $0.columns - 1) } ?? line
    }

    private func write(_ text: String) {
        _ = Descriptor.writeAll(Array(text.utf8), to: 2)
    }

    private static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
