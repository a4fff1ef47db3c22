#if canImport(Glibc)
import Glibc
#endif

/// A line on standard error that redraws itself as long work goes on: how
/// far, how fast, how long is left. Only for a terminal; erased at the end.
final class ProgressBar {
    let total: Int
    let noun: String
    private let started = ProgressBar.seconds()
    private var drawn = -Double.infinity
    static let barWidth = 24
    /// Redrawn at most this often, so drawing never slows the work.
    static let interval = 0.1

    init(total: Int, noun: String) {
        self.total = max(total, 1)
        self.noun = noun
    }

    func show(done: Int) {
        let now = ProgressBar.seconds()
        guard now - drawn >= ProgressBar.interval else { return }
        drawn = now
        write("\r" + ProgressBar.line(done: done, total: total, noun: noun, elapsed: now - started) + "\u{1B}[K")
    }

    func finish() {
        guard drawn > -Double.infinity else { return }
        write("\r\u{1B}[K")
    }

    /// `523000/1000000 rows  ████████████░░░░░░░░░░░░  52%  210000 rows/s  0:02 left`
    static func line(done written: Int, total: Int, noun: String, elapsed: Double) -> String {
        let done = min(written, total)
        let filled = done * barWidth / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        var text = "\(done)/\(total) \(noun)  \(bar)  \(done * 100 / total)%"
        if elapsed > 0, done > 0 {
            let rate = Double(done) / elapsed
            let left = Int((Double(total - done) / rate).rounded(.up))
            text += "  \(Int(rate)) \(noun)/s  \(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60) left"
        }
        return text
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
