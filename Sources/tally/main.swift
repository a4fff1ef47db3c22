#if canImport(Glibc)
import Glibc
#endif
import TallyCore
import TallyShell
import TallyStore

/// Reads the flags, wires the store, session and REPL together, and picks the exit status.
func main() -> Int32 {
    let flags: Flags
    do {
        flags = try Flags(Array(CommandLine.arguments.dropFirst()))
    } catch {
        StandardOutput.write("tally: \(error.message)\nTry 'tally --help'.\n", to: 2)
        return 2
    }
    if flags.showHelp {
        StandardOutput.write(Flags.usage + "\n", to: 1)
        return 0
    }
    if flags.showVersion {
        StandardOutput.write("tally \(Tally.version)\n", to: 1)
        return 0
    }

    var sources: [ScriptSource] = []
    for input in flags.inputs {
        switch input {
        case .statement(let text):
            sources.append(ScriptSource(origin: .argument, text: text))
        case .file(let path):
            guard let text = path == "-" ? ScriptFile.readAll(0) : ScriptFile.read(path) else {
                StandardOutput.write("tally: cannot read '\(path)': \(ScriptFile.lastError)\n", to: 2)
                return 2
            }
            sources.append(ScriptSource(origin: .file(path == "-" ? "<stdin>" : path), text: text))
        }
    }
    let interactive = sources.isEmpty && isatty(0) == 1
    if sources.isEmpty && !interactive {
        sources.append(ScriptSource(origin: .file("<stdin>"), text: ScriptFile.readAll(0) ?? ""))
    }

    var environment: [String: String] = [:]
    for name in ["LC_ALL", "LC_MESSAGES", "LC_MONETARY", "LANG", "TALLY_DB", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME", "NO_COLOR", "TERM"] {
        if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    let path = flags.databasePath ?? LedgerLocation.defaultPath(environment: environment)
    let locale = LocaleDefaults(environment: environment)
    var options = SessionOptions()
    options.format = flags.format ?? .table
    options.assumeYes = flags.assumeYes
    options.keepGoing = flags.keepGoing
    options.today = flags.today
    options.defaultCurrency = locale.currency
    options.color = !flags.noColor && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb" && isatty(1) == 1

    let session: Session
    let output = StandardOutput()
    do {
        let store = try LedgerStore(path: path, seed: Seed(currency: locale.currency, categories: DefaultCategories.make(chinese: locale.chinese)))
        session = try Session(store: store, options: options, output: output)
    } catch {
        let reason = error.code == 26 ? "it is not a Tally ledger (not an SQLite database)" : "\(error)"
        StandardOutput.write("tally: cannot open the ledger at '\(path)': \(reason)\n", to: 2)
        return 3
    }

    defer { session.store.close() }
    if interactive {
        REPL(session: session, output: output).run(startupScript: LedgerLocation.startupScript(environment: environment))
        return 0
    }
    var status = RunStatus.success
    for source in sources where !session.quitRequested {
        switch session.run(source) {
        case .success: continue
        case .storeFailed: return 3
        case .statementFailed:
            status = .statementFailed
            if !options.keepGoing { return 1 }
        }
    }
    return status == .success ? 0 : 1
}

exit(main())
