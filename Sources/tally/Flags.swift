import TallyCore
import TallyLanguage
import TallyShell

/// The command line, read into values; anything wrong is a `UsageError` (exit 2).
struct Flags {
    enum Input {
        case statement(String)
        case file(String)
    }

    var inputs: [Input] = []
    var databasePath: String?
    var format: OutputFormat?
    var today: Day?
    var assumeYes = false
    var keepGoing = false
    var noColor = false
    var echo = false
    var showHelp = false
    var showVersion = false
    var demo = false
    var waitSeconds: Int?

    static let names = ["-c", "--check", "--db", "--format", "--today", "--yes", "--keep-going", "--no-color", "--echo", "--help", "--version", "--demo", "--wait"]

    init(_ arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        var onlyFiles = false
        while let argument = remaining.popFirst() {
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                inputs.append(.file(argument))
                continue
            }
            var name = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let attached { return attached }
                guard let next = remaining.popFirst() else { throw UsageError(.optionNeedsAValue(name)) }
                return next
            }
            switch name {
            case "--": onlyFiles = true
            case "-c", "--command": inputs.append(.statement(try value()))
            case "--check": inputs.append(.statement(StatementWord.check.rawValue))
            case "--db": databasePath = try value()
            case "--format":
                let text = try value()
                guard let format = OutputFormat(rawValue: text.lowercased()), format != .chart else {
                    throw UsageError(.optionValue(option: "--format", takes: Translation.translated("table, csv or json"), given: text))
                }
                self.format = format
            case "--today":
                let text = try value()
                guard let day = Day(iso: text) else {
                    throw UsageError(.optionValue(option: "--today", takes: Translation.translated("a date such as 2016-07-01"), given: text))
                }
                today = day
            case "--yes", "-y": assumeYes = true
            case "--keep-going": keepGoing = true
            case "--no-color", "--no-colour": noColor = true
            case "--echo": echo = true
            case "--help", "-h": showHelp = true
            case "--version", "-V": showVersion = true
            case "--demo": demo = true
            case "--wait":
                let text = try value()
                guard let seconds = Int(text), seconds >= 0 else {
                    throw UsageError(.optionValue(option: "--wait", takes: Translation.translated("a number of seconds"), given: text))
                }
                waitSeconds = seconds
            default:
                throw UsageError(.unknownOption(name, suggestion: Suggestion.nearest(to: name, among: Flags.names)))
            }
        }
        if demo && databasePath != nil {
            throw UsageError(.demoWithALedger)
        }
    }

    /// `--help`: the options' names as they are typed, what they do in the reader's language.
    static var usage: String {
        let options = [
            ("-c STATEMENT", Translation.translated("run STATEMENT (repeatable), print results, exit")),
            ("--check", Translation.translated("check the whole ledger file; exit 3 when it is damaged")),
            ("--demo", Translation.translated("a throwaway ledger of two years of sample bills, to try things on")),
            ("--db PATH", Translation.translated("the ledger at PATH (default: $TALLY_DB, else\n$XDG_DATA_HOME/tally/ledger.db, else ~/.local/share/tally/ledger.db)")),
            ("--format FORMAT", Translation.translated("results as table (default), csv or json")),
            ("--today DATE", Translation.translated("take DATE (YYYY-MM-DD) as today")),
            ("--yes", Translation.translated("confirm destructive statements in scripts")),
            ("--keep-going", Translation.translated("in scripts, report an error and go on")),
            ("--no-color", Translation.translated("no ANSI colours (also when NO_COLOR is set)")),
            ("--echo", Translation.translated("print each statement of a script before its result")),
            ("--wait SECONDS", Translation.translated("how long a change waits for another session's long change,\nsuch as an import (default 600)")),
            ("--help, --version", Translation.translated("this text; the version")),
        ]
        // What an option does starts in the third column, and goes on there on the lines after.
        let indent = String(repeating: " ", count: 22)
        let listed = options.map { name, does in
            "  " + name + String(repeating: " ", count: indent.count - 2 - name.count)
                + does.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
        }
        return ([
            Translation.translated("Usage: tally [OPTIONS] [FILE...]"),
            "",
            Translation.translated("Personal bookkeeping in the terminal. With no FILE and no -c, a REPL on\na terminal, or the statements on standard input."),
            "",
            Translation.translated("Options:"),
        ] + listed + [
            "",
            Translation.translated("Exit status: 0 success, 1 a statement failed, 2 bad command line,\n3 the ledger could not be opened or written."),
        ]).joined(separator: "\n")
    }
}

/// A command line Tally cannot run (exit 2).
struct UsageError: Error {
    let problem: Problem

    init(_ problem: Problem) {
        self.problem = problem
    }
}
