import TallyCore
import TallyRender

/// Where a script's statements come from: text read whole, or a pipe read as it comes.
public enum ScriptInput {
    case script(ScriptSource)
    case stream(StatementStream, name: String)
}

extension Session {
    /// Runs the statements of `input`, each as soon as it has arrived,
    /// stopping at the first failure unless `keepGoing`.
    public func run(_ input: ScriptInput) -> RunStatus {
        let status = switch input {
        case .script(let source): run(source)
        case .stream(let stream, let name): run(stream, name: name)
        }
        return runner.flush() ? status : .storeFailed
    }

    private func run(_ stream: StatementStream, name: String) -> RunStatus {
        var status = RunStatus.success
        while !quitRequested {
            // A program driving Tally through a pipe sees each change confirmed before it sends the next.
            if !stream.wholeStatementHasArrived(), !runner.flush() { return .storeFailed }
            guard let piece = stream.next() else { break }
            let outcome: RunStatus
            switch piece {
            case .lines(let text, let firstLine):
                outcome = run(ScriptSource(origin: .file(name), text: text, firstLine: firstLine))
            case .tooLong(let firstLine):
                complain(.statementTooLong(mebibytes: FileContent.script.limit >> 20), at: "\(name):\(firstLine)")
                outcome = runner.takingInFailedCommit(.statementFailed)
            }
            if outcome != .success { status = outcome }
            if outcome.stops(keepingGoing: options.keepGoing) { return outcome }
        }
        return status
    }
}
