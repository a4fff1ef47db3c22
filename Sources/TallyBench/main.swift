import Foundation
import TallyCore
import TallyLanguage
import TallyStore

// Prints one line per figure for ledgers of each size given (default 10,000,
// 100,000 and 1,000,000 bills), checking every answer against a plain scan.
// `make bench` builds it in release and runs it. `tally-bench --csv N FILE`
// writes the generated bills of size N as CSV instead, for bench/compare.sh.

if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--csv", let count = Int(CommandLine.arguments[2]) {
    try GeneratedLedger(count: count).csv.write(toFile: CommandLine.arguments[3], atomically: false, encoding: .utf8)
    exit(0)
}

let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0.replacingOccurrences(of: "_", with: "")) }
let tally = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tally").path
let today = "2019-12-31"
let work = FileManager.default.temporaryDirectory.appendingPathComponent("tally-bench-\(getpid())").path
try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: work) }

func line(_ bills: Int, _ figure: String, _ value: String) {
    // Each figure as soon as it is known: the whole run takes minutes.
    FileHandle.standardOutput.write(Data("\(String(bills).padding(toLength: 9, withPad: " ", startingAt: 0)) \(figure.padding(toLength: 80, withPad: " ", startingAt: 0)) \(value)\n".utf8))
}

func milliseconds(_ seconds: Double) -> String {
    seconds >= 1 ? String(format: "%.2f s", seconds) : seconds >= 0.001 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.3f ms", seconds * 1000)
}

func check(_ answer: Answer, _ expected: Answer, _ what: String) {
    guard answer == expected else { fatalError("\(what): Tally says \(answer), a plain scan says \(expected)") }
}

/// The values of a CSV result, by its label columns joined with `|`.
func csvAnswer(_ output: String) -> Answer {
    let rows = output.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    func minor(_ text: String) -> Int128 { Int128(text.replacingOccurrences(of: ".", with: ""))! }
    if rows.count == 1, rows[0].count <= 2 { return .number(minor(rows[0][0])) }
    var groups: [String: Int128] = [:]
    for row in rows { groups[row.dropLast().joined(separator: "|")] = minor(row.last!) }
    return .groups(groups)
}

func mebibytes(_ kibibytes: Int?) -> String {
    kibibytes.map { "\($0 / 1024) MiB peak" } ?? "peak unknown: install GNU time"
}

/// The median wall and CPU time of some runs, and the most memory any held.
func timed(_ runs: [Child]) -> String {
    "\(milliseconds(Spread(runs.map(\.seconds)).median)) wall, \(milliseconds(Spread(runs.map(\.cpuSeconds)).median)) CPU, "
        + mebibytes(runs.compactMap(\.peakKiB).max())
}

/// A script of `count` `add` statements, numbered in their remarks after `word`, dated by `day`.
func addScript(_ count: Int, _ word: String, day: (Int) -> String) -> String {
    (0..<count).map { "add \($0 % 400 + 1).50 food \(word) \($0) on \(day($0))" }.joined(separator: "\n") + "\n"
}

FileHandle.standardOutput.write(Data("""
    Tally benchmark: \(ProcessInfo.processInfo.activeProcessorCount) cores, release build, today taken as \(today)
    bills     figure                                                                           value

    """.utf8))
let empty = work + "/empty.db"
_ = Child.run(tally, ["--db", empty, "-c", "count"], in: work)
line(0, "start-up and `count`, empty ledger (median of 20)", milliseconds(Spread((0..<20).map { _ in
    Child.run(tally, ["--db", empty, "-c", "count"], in: work).seconds
}).median))

for size in sizes.isEmpty ? [10_000, 100_000, 1_000_000] : sizes {
    let folder = work + "/\(size)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let db = folder + "/ledger.db"
    let generated = GeneratedLedger(count: size)
    try generated.csv.write(toFile: folder + "/bills.csv", atomically: false, encoding: .utf8)
    _ = Child.run(tally, ["--db", db, "-c", "book add travel", "-c", "book add business"], in: folder)
    let imported = Child.run(tally, ["--db", db, "-c", "import \(folder)/bills.csv"], in: folder)
    line(size, "import from CSV, half the rows out of day order", "\(Int(Double(size) / imported.seconds)) bills/s (\(timed([imported])))")
    // As the import left it, for timing its undo once the rest is measured.
    let importedCopy = folder + "/imported.db"
    try FileManager.default.copyItem(atPath: db, toPath: importedCopy)

    let store = try LedgerStore(path: db, seed: Seed(currency: .cny, categories: DefaultCategories.make(chinese: false)))
    let ledger = try store.load()
    store.close()
    for query in [WarmQuery.all[0], WarmQuery.all[1], WarmQuery.coffeeSpending, WarmQuery.all[4]] {
        let runs = (0..<5).map { _ in Child.run(tally, ["--db", db, "--today", today, "--format", "csv", "-c", query.text], in: folder) }
        check(csvAnswer(runs[0].output), query.expected(ledger), query.text)
        line(size, "cold `tally -c '\(query.text)'`, median of 5", timed(runs))
    }
    // The first read of every bill after a change to any makes the snapshot beside the ledger again.
    for query in [WarmQuery.all[1], WarmQuery.coffeeSpending, WarmQuery.all[4]] {
        let runs = (0..<3).map { _ in
            try? FileManager.default.removeItem(atPath: db + "-columns")
            return Child.run(tally, ["--db", db, "--today", today, "--format", "csv", "-c", query.text], in: folder)
        }
        check(csvAnswer(runs[0].output), query.expected(ledger), query.text)
        line(size, "cold, first after a change: `\(query.text)`, median of 3", timed(runs))
    }
    let snapshotBytes = (try? FileManager.default.attributesOfItem(atPath: db + "-columns")[.size] as? Int) ?? 0
    line(size, "snapshot beside the ledger, per bill", "\(snapshotBytes / size) bytes")
    let prompts = (0..<5).map { _ in FirstPrompt.time(tally, ["--db", db], in: folder, prompt: "tally[daily]> ") }
    line(size, "REPL: start to its first prompt, median of 5",
         "\(milliseconds(Spread(prompts.map(\.seconds)).median)) wall, \(prompts.map(\.residentKiB).max()! / 1024) MiB held")

    // The report of a year: the current book's bills of 2016, counted by a plain scan.
    let daily = ledger.books.first { $0.name == "daily" }!.id
    let reported = ledger.bills.filter { $0.bookID == daily && $0.day.year == 2016 }.count
    let reports = (0..<5).map { _ in Child.run(tally, ["--db", db, "--today", today, "-c", "report 2016 to \(folder)/2016.html overwrite"], in: folder) }
    guard reports[0].output.hasPrefix("wrote the report of 2016 (\(reported) bills)") else {
        fatalError("report 2016: Tally says \(reports[0].output), a plain scan counts \(reported) bills")
    }
    line(size, "cold `tally -c 'report 2016 to 2016.html'`, median of 5", timed(reports))
    for format in ["csv", "json"] {
        let exports = (0..<3).map { _ in Child.run(tally, ["--db", db, "-c", "export \(folder)/all.\(format) overwrite"], in: folder) }
        guard exports[0].output.hasPrefix("exported \(ledger.bills.count) bills") else {
            fatalError("export all.\(format): Tally says \(exports[0].output)")
        }
        line(size, "cold `tally -c 'export all.\(format)'`, median of 3", timed(exports))
    }

    let loadStart = Clock.seconds()
    let loadedStore = try LedgerStore(path: db, seed: Seed(currency: .cny, categories: DefaultCategories.make(chinese: false)))
    let loaded = try loadedStore.load()
    line(size, "load the whole ledger in-process", "\(milliseconds(Clock.seconds() - loadStart)), \(loaded.bills.bytesHeld / max(1, size)) bytes of memory per bill")
    let evaluator = Evaluator(ledger: loaded, today: Day(iso: today)!, now: 0)
    for query in WarmQuery.all {
        var parser = Parser(query.text)
        let parsed = try parser.next()!.get()
        func result() throws -> QueryResult {
            guard case .ledger(let statement) = parsed.statement, case .result(let result, _) = try evaluator.evaluate(statement, at: parsed.range) else {
                fatalError("\(query.text) is not a query")
            }
            return result
        }
        check(Answer(try result()), query.expected(loaded), query.text)
        var timings: [Double] = []
        let budget = Clock.seconds() + 10
        // Only Tally's answer is timed: the benchmark's own reading of it, to check it, is not.
        while timings.count < 100 && (timings.count < 5 || Clock.seconds() < budget) {
            let start = Clock.seconds()
            _ = try result()
            timings.append(Clock.seconds() - start)
        }
        let spread = Spread(timings)
        line(size, "warm `\(query.text)`", "median \(milliseconds(spread.median)), p99 \(milliseconds(spread.p99)) (\(spread.runs) runs)")
    }
    loadedStore.close()
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    line(size, "peak memory of this process so far", "\(usage.ru_maxrss / 1024) MiB")
    let fileBytes = ((try? FileManager.default.attributesOfItem(atPath: db)[.size] as? Int) ?? 0)
        + ((try? FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int) ?? 0)
    line(size, "ledger file per bill", "\(fileBytes / size) bytes")

    let checks = (0..<3).map { _ in Child.run(tally, ["--db", db, "--check"], in: folder) }
    guard checks[0].output.hasPrefix("the ledger is sound") else { fatalError("tally --check: \(checks[0].output)") }
    line(size, "cold `tally --check`, every page and index, median of 3", timed(checks))
    // Checked whole first when the file is at most 2 MiB; every whole load counts the bill indexes.
    let oneShots = (0..<5).map { Child.run(tally, ["--db", db, "--today", today, "-c", "add 1 food oneshot\($0)"], in: folder) }
    guard oneShots.allSatisfy({ $0.output.hasPrefix("added #") }) else { fatalError("a one-shot add: \(oneShots[0].output)") }
    line(size, "cold `tally -c 'add 1 food …'`, median of 5", timed(oneShots))

    let adds = 100_000
    var random = SeededRandom(seed: UInt64(size) + 1)
    let span = UInt64(GeneratedLedger.lastDay.ordinal - GeneratedLedger.firstDay.ordinal + 1)
    let spread = (0..<adds).map { _ in GeneratedLedger.firstDay.adding(days: Int(random.next(upTo: span))).iso }
    for (word, what, day) in [
        ("added", "dated at the end", { (number: Int) in "2019-12-\(number % 28 + 1)" }),
        ("back", "dated across the ten years", { (number: Int) in spread[number] }),
    ] {
        try addScript(adds, word, day: day).write(toFile: folder + "/\(word).tally", atomically: false, encoding: .utf8)
        let added = Child.run(tally, ["--db", db, "--today", today, folder + "/\(word).tally"], in: folder)
        let confirmed = added.output.split(separator: "\n").count { $0.hasPrefix("added #") }
        let kept = Child.run(tally, ["--db", db, "-c", "count where remark ~ \(word)"], in: folder).output
        check(.number(Int128(confirmed)), .number(Int128(adds)), "confirmations of the add script")
        check(csvAnswer("count\n" + kept), .number(Int128(adds)), "bills the add script left")
        line(size, "a script of \(adds) `add` statements \(what)",
             String(format: "%.0f bills/s (%@)", Double(adds) / added.seconds, timed([added])))
    }

    let undone = Child.run(tally, ["--db", importedCopy, "-c", "undo"], in: folder)
    let left = Child.run(tally, ["--db", importedCopy, "-c", "count"], in: folder).output
    guard undone.output.hasPrefix("undid"), csvAnswer("count\n" + left) == .number(0) else {
        fatalError("undo of the import: Tally says \(undone.output), then \(left) bills left")
    }
    line(size, "undo of the import", timed([undone]))
    try? FileManager.default.removeItem(atPath: folder)
}
