import Glibc

/// Another Tally session's long change, as it tells the sessions waiting
/// for the write lock.
public struct OtherWriter: Sendable, Equatable {
    public let process: Int32
    /// The statement making the change, e.g. `import bills.csv`.
    public let statement: String
    /// Rows written so far and in all; nil while the change is still being worked out.
    public let written: (done: Int, total: Int)?

    public static func == (left: OtherWriter, right: OtherWriter) -> Bool {
        left.process == right.process && left.statement == right.statement
            && left.written?.done == right.written?.done && left.written?.total == right.written?.total
    }

    /// How far it has come, in whole percent, once it is writing.
    public var percent: Int? {
        written.map { $0.total == 0 ? 100 : $0.done * 100 / $0.total }
    }
}

/// The notice a session holding the write lock for a long change keeps
/// beside the ledger (`LEDGER.writing`): which process, which statement, how
/// far. It is replaced whole as the change goes on, so a reader never sees
/// half of one, and removed when the lock is let go; one left by a process
/// that died is ignored.
struct WriterNotice {
    let path: String
    let statement: String
    private var lastWritten = ContinuousClock.now

    static func path(forLedger ledger: String) -> String { ledger + ".writing" }

    init(ledger: String, statement: String) {
        path = WriterNotice.path(forLedger: ledger)
        // One line: the first of a statement that may run over several.
        self.statement = String(decoding: statement.prefix { $0 != "\n" }.utf8.prefix(400), as: UTF8.self)
        write(nil)
    }

    /// Tells how many rows are written, a few times a second at most.
    mutating func update(done: Int, of total: Int) {
        guard lastWritten.duration(to: .now) >= .milliseconds(200) else { return }
        lastWritten = .now
        write((done, total))
    }

    func remove() {
        unlink(path)
    }

    private func write(_ written: (done: Int, total: Int)?) {
        let progress = written.map { "\($0.done) \($0.total)" } ?? "- -"
        let line = Array("\(getpid()) \(progress) \(statement)\n".utf8)
        let scratch = path + "-\(getpid())"
        // Made afresh, never through a link another user put in a shared folder.
        unlink(scratch)
        let descriptor = open(scratch, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let count = line.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        // Only a whole notice takes the place of the last one.
        if count != line.count || rename(scratch, path) != 0 { unlink(scratch) }
    }

    /// The notice of a live process other than this one, if there is one.
    static func read(ledger: String) -> OtherWriter? {
        guard let line = LedgerFile.firstLine(of: path(forLedger: ledger), within: 512) else { return nil }
        let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, let process = Int32(fields[0]), process != getpid(), isAlive(process) else { return nil }
        let written = Int(fields[1]).flatMap { done in Int(fields[2]).map { (done, $0) } }
        return OtherWriter(process: process, statement: String(fields[3]), written: written)
    }

    private static func isAlive(_ process: Int32) -> Bool {
        kill(process, 0) == 0 || errno == EPERM
    }
}
