/// Where a script's statements come from: text read whole, or a pipe read as it comes.
public enum ScriptInput {
    case script(ScriptSource)
    case stream(StatementStream, name: String)
}

extension Session {
    /// Runs the statements of `input`, each as soon as it has arrived,
    /// stopping at the first failure unless `keepGoing`.
    public func run(_ input: ScriptInput) -> RunStatus {
        switch input {
        case .script(let source): return run(source)
        case .stream(let stream, let name): return run(stream, name: name)
        }
    }

    private func run(_ stream: StatementStream, name: String) -> RunStatus {
        var status = RunStatus.success
        while !quitRequested, let piece = stream.next() {
            let outcome: RunStatus
            switch piece {
            case .lines(let text, let firstLine):
                outcome = run(ScriptSource(origin: .file(name), text: text, firstLine: firstLine))
            case .tooLong(let firstLine):
                output.error("\(name):\(firstLine): " + Style(color: options.color).error("error:")
                             + " a statement may be at most \(ScriptFile.maximumSize >> 20) MiB")
                outcome = .statementFailed
            }
            switch outcome {
            case .success: continue
            case .storeFailed, .outputFailed: return outcome
            case .statementFailed:
                status = .statementFailed
                if !options.keepGoing { return status }
            }
        }
        return status
    }
}
