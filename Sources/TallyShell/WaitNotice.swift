#if canImport(Glibc)
import Glibc
#endif
import TallyCore
import TallyStore
import TallyRender

/// Tells the user that a change waits for another session's: at a terminal
/// on one line redrawn as the other change comes on, elsewhere once.
final class WaitNotice {
    private let output: Output
    /// Whether standard error is a terminal, where the line is redrawn.
    private let atTerminal: Bool
    /// The terminal's width there, which the line is cut to.
    private let width: OutputWidth?
    private var told = false

    init(output: Output, atTerminal: Bool, width: OutputWidth?) {
        self.output = output
        self.atTerminal = atTerminal
        self.width = width
    }

    func hear(_ other: OtherWriter?) {
        guard let other else {
            if told && atTerminal { redraw("") }
            told = false
            return
        }
        guard atTerminal || !told else { return }
        let progress = other.percent.map { Translation.translated(", %d%% written", $0) } ?? Translation.translated(", checking its rows")
        let text = Translation.translated("waiting for '%s' in another session (process %s)%s…", TerminalText.safe(other.statement), other.process, progress)
        if atTerminal {
            redraw(ProgressBar.fitted(text, to: width))
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
