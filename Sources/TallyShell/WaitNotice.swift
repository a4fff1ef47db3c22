#if canImport(Glibc)
import Glibc
#endif
import TallyStore
import TallyRender

/// Tells the user that a change waits for another session's: at a terminal
/// on one line redrawn as the other change comes on, elsewhere once.
final class WaitNotice {
    private let output: Output
    /// Whether standard error is a terminal, where the line is redrawn.
    private let atTerminal: Bool
    private var told = false

    init(output: Output, atTerminal: Bool) {
        self.output = output
        self.atTerminal = atTerminal
    }

    func hear(_ other: OtherWriter?) {
        guard let other else {
            if told && atTerminal { redraw("") }
            told = false
            return
        }
        guard atTerminal || !told else { return }
        let progress = other.percent.map { ", \($0)% written" } ?? ", checking its rows"
        let text = "waiting for '\(TerminalText.safe(other.statement))' in another session (process \(other.process))\(progress)…"
        if atTerminal {
            redraw(text)
        } else {
            output.error(text)
        }
        told = true
    }

    /// The line on standard error, drawn over, as the progress bar draws its own.
    private func redraw(_ text: String) {
        _ = Descriptor.writeAll(Array(("\r" + text + "\u{1B}[K").utf8), to: 2)
    }
}
