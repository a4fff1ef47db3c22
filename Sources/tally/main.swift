#if canImport(Glibc)
import Glibc
#endif
import TallyCore
import TallyShell
import TallyStore

/// Reads the flags, wires the store, session and REPL together, and picks the exit status.
func main() -> Int32 {
    Translation.start(catalogues: Translation.cataloguesFolder(textDomainDir: getenv("TEXTDOMAINDIR").map { String(cString: $0) }))
    let flags: Flags
    do {
        flags = try Flags(Array(CommandLine.arguments.dropFirst()))
    } catch {
        StandardOutput.writeError(ErrorRenderer.commandLine(error.problem) + "\n" + Translation.translated("Try 'tally --help'."))
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

    // A file size limit is reported as an error writing the ledger, not obeyed by dying.
    signal(SIGXFSZ, SIG_IGN)

    var inputs: [ScriptInput] = []
    for input in flags.inputs {
        switch input {
        case .statement(let text):
            inputs.append(.script(ScriptSource(origin: .argument, text: text)))
        case .file("-"):
            inputs.append(.stream(StatementStream(descriptor: 0), name: "<stdin>"))
        case .file(let path) where Files.isStream(path):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                StandardOutput.writeError(ErrorRenderer.commandLine(.fileFailed(FileFailure(path, .system(String(cString: strerror(errno)))))))
                return 2
            }
            inputs.append(.stream(StatementStream(descriptor: descriptor), name: path))
        case .file(let path):
            do {
                inputs.append(.script(ScriptSource(origin: .file(path), text: try Files.readScript(path))))
            } catch {
                StandardOutput.writeError(ErrorRenderer.commandLine(.fileFailed(error)))
                return 2
            }
        }
    }
    let interactive = inputs.isEmpty && isatty(0) == 1
    if inputs.isEmpty && !interactive {
        inputs.append(.stream(StatementStream(descriptor: 0), name: "<stdin>"))
    }

    var environment: [String: String] = [:]
    for name in ["LC_ALL", "LC_MESSAGES", "LC_MONETARY", "LC_NUMERIC", "LANG", "TALLY_DB", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME", "NO_COLOR", "TERM", "COLUMNS", "TMPDIR", "PAGER", "PATH"] {
        if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    // The demo's ledger lives in a folder of its own, gone when Tally ends.
    var demoFolder: String?
    if flags.demo {
        let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        DemoFolder.removeAbandoned(in: temporary)
        var template = Array(DemoFolder.template(in: temporary).utf8CString)
        guard mkdtemp(&template) != nil else {
            StandardOutput.writeError(ErrorRenderer.commandLine(.demoFolderFailed(String(cString: strerror(errno)))))
            return 3
        }
        let folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        DemoFolder.removeOnSignals(folder, interrupts: !interactive)
        demoFolder = folder
    }
    defer { if let demoFolder { DemoFolder.remove(demoFolder) } }
    let path = demoFolder.map { $0 + "/demo.db" } ?? flags.databasePath ?? LedgerLocation.defaultPath(environment: environment)
    // Only the default place is made on first use; a ledger named on purpose
    // must be in a folder that exists, so a typo never starts a new ledger.
    let isDefaultPlace = flags.databasePath == nil && (environment["TALLY_DB"] ?? "").isEmpty
    let locale = LocaleDefaults(environment: environment)
    var options = SessionOptions()
    options.format = flags.format ?? .table
    options.assumeYes = flags.assumeYes
    options.keepGoing = flags.keepGoing
    options.echo = flags.echo
    options.loadsBillsAsAsked = true
    options.gathersChanges = !interactive
    options.today = flags.today
    if let seconds = flags.waitSeconds { options.waitForOtherSessions = .seconds(seconds) }
    options.defaultCurrency = locale.currency
    options.decimalMark = locale.decimalMark
    options.showsProgress = isatty(2) == 1
    options.width = OutputWidth.from(environment: environment, resultsToTerminal: isatty(1) == 1)
    options.errorWidth = OutputWidth.forErrors(environment: environment, errorsToTerminal: isatty(2) == 1)
    options.color = !flags.noColor && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb" && isatty(1) == 1

    let session: Session
    // At the prompt, Ctrl-C stops a statement's output and tall results are paged; scripts and pipes get neither.
    let interruption = Interruption()
    let output = interactive ? StandardOutput(interruption: interruption, pager: Pager.find(environment: environment)) : StandardOutput()
    let prompter = interactive ? TerminalPrompter(historyPath: path + ".history", output: output, interruption: interruption) : nil
    do {
        let seed = Seed(currency: locale.currency, categories: DefaultCategories.make(chinese: locale.chinese, traditional: locale.traditional))
        let store = try LedgerStore(path: path, seed: seed, creatingFolders: isDefaultPlace)
        session = try Session(store: store, options: options, output: output, prompter: prompter)
        if flags.demo { try session.fillWithDemo() }
    } catch {
        StandardOutput.writeError(ErrorRenderer.commandLine(.cannotOpenLedger(path: path, error.failure)))
        return 3
    }

    defer { session.store.close() }
    if let prompter {
        REPL(session: session, prompter: prompter, output: output, demo: flags.demo, startedAs: CommandLine.arguments[0])
            .run(startupScript: LedgerLocation.startupScript(environment: environment))
        return output.failure == nil ? 0 : 1
    }
    var status = RunStatus.success
    for input in inputs where !session.quitRequested {
        let outcome = session.run(input)
        if outcome != .success { status = outcome }
        if outcome.stops(keepingGoing: options.keepGoing) { break }
    }
    return status.exitCode
}

exit(main())
