import CSQLite
import TallyCore

// The thin layer over SQLite's C API, and the only file that imports it. SQL
// reaches it as `StaticString`, so statement text is always written in the
// source; whatever the user typed travels as bound values.

/// `SQLITE_TRANSIENT` is a macro Swift can't import: it makes SQLite copy bound text at once.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One open database file.
final class Connection {
    fileprivate let handle: OpaquePointer
    /// Prepared once, reused: a big change writes thousands of rows through the same few statements.
    private var statements: [UnsafePointer<UInt8>: Statement] = [:]
    private var builtStatements: [String: Statement] = [:]
    private var isClosed = false

    /// How a connection may use its file.
    enum Access {
        case readWrite
        /// Reading only: SQLite never writes the file, nor rolls back a
        /// journal another program left, nor folds in its write-ahead log.
        case readOnly
        /// Reading a file taken not to change while open: that needs neither
        /// the write-ahead log's index file beside it nor any lock, so a
        /// ledger in a read-only folder or on a full disk can still be read.
        case immutable
    }

    init(path: String, access: Access = .readWrite) throws(StoreError) {
        var handle: OpaquePointer?
        // One thread uses a connection, so SQLite's own locking is only cost.
        let code = switch access {
        case .readWrite: sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        case .readOnly: sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        case .immutable:
            sqlite3_open_v2(Connection.immutableURI(path), &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        }
        guard let handle else {
            throw StoreError(code: code, message: String(cString: sqlite3_errstr(code)), doing: Translation.translated("opening %s", path))
        }
        guard code == SQLITE_OK else {
            let error = StoreError(code: code, connection: handle, doing: Translation.translated("opening %s", path))
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        // Every page is checked for overlapping or misplaced cells as it is
        // first read: damage a change would build on is found before it writes.
        sqlite3_exec(handle, "PRAGMA cell_size_check = ON", nil, nil, nil)
    }

    /// Makes the statement running on this connection stop with an error;
    /// the one call another thread may make.
    func interrupt() {
        sqlite3_interrupt(handle)
    }

    /// `file:` URI of `path` with `immutable=1`; the characters a URI gives
    /// meaning to are escaped, so any file name stays that file's.
    private static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        // An absolute path gets an empty authority, so `//x` is never read as a host.
        return "file:" + (path.hasPrefix("/") ? "//" : "") + escaped + "?immutable=1"
    }

    deinit {
        // close_v2 waits for the cached statements, which are finalized after this body runs.
        if !isClosed { sqlite3_close_v2(handle) }
    }

    /// Finalizes the statements and closes the file. The last connection to
    /// close folds the write-ahead log back into the file, so a copy of the
    /// ledger file alone holds everything.
    /// Copies the whole database, as this connection sees it, to the new
    /// database file at `path`, through SQLite's online backup: pages still
    /// in the log are copied, and another process may write meanwhile (the
    /// copy then starts again from the changed pages).
    func backup(to path: String) throws(StoreError) {
        var destination: OpaquePointer?
        let opened = sqlite3_open_v2(path, &destination, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard let destination else { throw StoreError(code: opened, message: String(cString: sqlite3_errstr(opened)), doing: Translation.translated("opening %s", path)) }
        defer { sqlite3_close_v2(destination) }
        guard opened == SQLITE_OK else { throw StoreError(code: opened, connection: destination, doing: Translation.translated("opening %s", path)) }
        guard let backup = sqlite3_backup_init(destination, "main", handle, "main") else {
            throw StoreError(code: sqlite3_errcode(destination), connection: destination, doing: Translation.translated("backing up to %s", path))
        }
        // All pages in one step, so the copy is one moment of the ledger; a
        // moment's lock by another process is waited for as a change waits.
        var code = sqlite3_backup_step(backup, -1)
        var waited: Int32 = 0
        while code == SQLITE_BUSY || code == SQLITE_LOCKED, waited < Int32(StoreError.busyWaitSeconds * 1000) {
            sqlite3_sleep(20)
            waited += 20
            code = sqlite3_backup_step(backup, -1)
        }
        sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else { throw StoreError(code: code, connection: destination, doing: Translation.translated("backing up to %s", path)) }
    }

    func close() {
        guard !isClosed else { return }
        statements.removeAll()
        builtStatements.removeAll()
        sqlite3_close_v2(handle)
        isClosed = true
    }

    /// How long to wait for another process's write lock before giving up with SQLITE_BUSY.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs SQL that takes no values, possibly several statements: pragmas, migrations, BEGIN and COMMIT.
    func exec(_ sql: StaticString) throws(StoreError) {
        try exec(text: sql.description)
    }

    /// Whether a transaction is open: SQLite ends one by itself on some errors.
    var isInTransaction: Bool {
        sqlite3_get_autocommit(handle) == 0
    }

    /// How many rows the last INSERT, UPDATE or DELETE touched.
    func changedRows() -> Int64 {
        sqlite3_changes64(handle)
    }

    func exec(text: String) throws(StoreError) {
        let code = sqlite3_exec(handle, text, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw StoreError(code: code, connection: handle, doing: Translation.translated("running %s", abbreviated(text)))
        }
    }

    /// The statement for `sql`, prepared on first use and kept.
    func prepare(_ sql: StaticString) throws(StoreError) -> Statement {
        // By the text's address: one per statement in the source, and no string made per call.
        precondition(sql.hasPointerRepresentation, "SQL is a string literal")
        let key = sql.utf8Start
        if let statement = statements[key] { return statement }
        let statement = try Statement(self, sql)
        statements[key] = statement
        return statement
    }

    /// Prepares SQL put together once at run time, as a statement of many rows is, and keeps it as a literal's.
    func prepare(built sql: String) throws(StoreError) -> Statement {
        if let statement = builtStatements[sql] { return statement }
        let statement = try Statement(self, text: sql)
        builtStatements[sql] = statement
        return statement
    }
}

/// One prepared statement: values go in with `bind`, rows come out with `step`
/// and the column readers.
final class Statement {
    private let handle: OpaquePointer

    convenience init(_ connection: Connection, _ sql: StaticString) throws(StoreError) {
        try self.init(connection, text: sql.description)
    }

    init(_ connection: Connection, text sql: String) throws(StoreError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            let doing = Translation.translated("preparing %s", abbreviated(sql))
            throw StoreError(code: code, connection: connection.handle, doing: doing)
        }
        self.handle = handle
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// One value, without the boxing `bind(_ values:)` does: for rows written by the million.
    func bind(_ value: some Bindable, at index: Int32) throws(StoreError) {
        let code = value.bind(to: handle, at: index)
        guard code == SQLITE_OK else { throw failure(code, binding: true) }
    }

    func bind(_ values: [any Bindable]) throws(StoreError) {
        precondition(values.count == sqlite3_bind_parameter_count(handle), "wrong number of values for \(sql)")
        for (index, value) in values.enumerated() {
            let code = value.bind(to: handle, at: Int32(index + 1))
            guard code == SQLITE_OK else { throw failure(code, binding: true) }
        }
    }

    /// Moves to the next row: true while there is one, false once the statement is done.
    func step() throws(StoreError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw failure(code, binding: false)
        }
    }

    /// Steps to the end with `text` bound at `index` as it lies, and lets go
    /// of it before the bytes may move.
    func run(binding text: [UInt8], at index: Int32) throws(StoreError) {
        let error = text.withUnsafeBytes { bytes -> StoreError? in
            defer { sqlite3_clear_bindings(handle) }
            var code = sqlite3_bind_text64(handle, index, bytes.baseAddress, UInt64(bytes.count), nil, UInt8(SQLITE_UTF8))
            guard code == SQLITE_OK else { return failure(code, binding: true) }
            repeat { code = sqlite3_step(handle) } while code == SQLITE_ROW
            return code == SQLITE_DONE ? nil : failure(code, binding: false)
        }
        if let error { throw error }
    }

    /// Ready to run again; also releases the locks a half-read result holds.
    func reset() {
        sqlite3_reset(handle)
    }

    func int64(_ column: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(column))
    }

    func text(_ column: Int) -> String {
        guard let bytes = sqlite3_column_text(handle, Int32(column)) else { return "" }
        // By byte count rather than up to the first NUL, which text may hold.
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func blob(_ column: Int) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        guard count > 0, let bytes = sqlite3_column_blob(handle, Int32(column)) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    func optionalInt64(_ column: Int) -> Int64? {
        sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL ? nil : int64(column)
    }

    func optionalText(_ column: Int) -> String? {
        sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL ? nil : text(column)
    }

    /// The column's bytes, valid until the next step; nil when it is NULL.
    func bytes(_ column: Int) -> UnsafeBufferPointer<UInt8>? {
        guard sqlite3_column_type(handle, Int32(column)) != SQLITE_NULL else { return nil }
        guard let bytes = sqlite3_column_text(handle, Int32(column)) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, Int32(column))))
    }

    /// Text split at spaces: a bill's tags. ASCII text is split byte by byte;
    /// other text as Swift splits it, where a space may carry a combining
    /// mark and be no separator.
    static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        if bytes.isEmpty { return [] }
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: bytes, as: UTF8.self).split(separator: " ").map(String.init)
        }
        return bytes.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
    }

    private var sql: String {
        String(cString: sqlite3_sql(handle))
    }

    private func failure(_ code: Int32, binding: Bool) -> StoreError {
        let doing = binding ? Translation.translated("binding values for %s", abbreviated(sql)) : Translation.translated("running %s", abbreviated(sql))
        return StoreError(code: code, connection: sqlite3_db_handle(handle), doing: doing)
    }
}

/// A Swift value that can stand for a `?` in SQL.
protocol Bindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

extension Int64: Bindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self)
    }
}

extension Int: Bindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, Int64(self))
    }
}

extension Bool: Bindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self ? 1 : 0)
    }
}

extension String: Bindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        // The byte count rather than -1, so text holding a NUL is stored whole.
        sqlite3_bind_text64(statement, index, self, UInt64(utf8.count), transient, UInt8(SQLITE_UTF8))
    }
}

extension Array: Bindable where Element == UInt8 {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes { sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), transient) }
    }
}

extension Optional: Bindable where Wrapped: Bindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .some(let value): value.bind(to: statement, at: index)
        case .none: sqlite3_bind_null(statement, index)
        }
    }
}

/// The first line of `sql`: enough to tell which statement failed, short enough for an error message.
private func abbreviated(_ sql: String) -> String {
    let lines = sql.split(separator: "\n", maxSplits: 1)
    return lines.count > 1 ? lines[0] + " …" : sql
}

extension StoreError {
    /// What went wrong, from SQLite's result code.
    public var reason: Reason {
        // Extended codes carry the primary code in their low byte.
        switch code & 0xFF {
        case SQLITE_ABORT: return .changedMeanwhile
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_READONLY: return .readOnly
        case SQLITE_FULL: return .full
        case SQLITE_CORRUPT: return .damaged
        case SQLITE_NOTADB: return .notALedger
        case SQLITE_CONSTRAINT: return .constraint
        default: return .other
        }
    }

    /// Whether the log files beside the ledger could not be made or written,
    /// as on a full disk, past a size limit or on a read-only mount.
    var isLogFileFailure: Bool {
        [SQLITE_IOERR, SQLITE_CANTOPEN].contains(code & 0xFF)
    }

    /// The error SQLite last reported on `connection`.
    fileprivate init(code: Int32, connection: OpaquePointer, doing: String) {
        self.init(code: code, message: String(cString: sqlite3_errmsg(connection)), doing: doing)
    }

    /// The file or its folder could not be made, or the file is not one this Tally can read.
    static func cannotOpen(doing: String, _ message: String) -> StoreError {
        StoreError(code: SQLITE_CANTOPEN, message: message, doing: doing)
    }

    /// The file is not a ledger: another program's, or no database at all.
    static func notALedger(_ message: String) -> StoreError {
        StoreError(code: SQLITE_NOTADB, message: message, doing: Translation.translated("reading the ledger"))
    }

    /// Marked as a Tally ledger, but its schema is not the one Tally made.
    static func alteredSchema(_ difference: String) -> StoreError {
        StoreError(code: SQLITE_NOTADB, message: difference, doing: Translation.translated("reading the schema"), finding: .alteredSchema)
    }

    /// A row to change was not as the change was computed from.
    static func changedMeanwhile(_ row: String) -> StoreError {
        StoreError(
            code: SQLITE_ABORT, message: Translation.translated("%s is no longer as it was read", row), doing: Translation.translated("writing %s", row))
    }

    /// What takes back the parts of a change its maker gave up: never shown, as it never leaves the store.
    static let givenUp = StoreError(code: SQLITE_ABORT, message: "the change was given up", doing: "writing a change in parts")

    /// The file was written by a Tally that knows a later schema.
    static func newerSchema(_ version: Int) -> StoreError {
        .cannotOpen(doing: Translation.translated("reading the schema"), Translation.translated("written by a newer Tally (schema version %d)", version))
    }

    /// Another Tally session's change held the write lock past the wait.
    static func busy(heldBy other: OtherWriter, for wait: Duration) -> StoreError {
        let progress = other.percent.map { Translation.translated("%d%% written", $0) } ?? Translation.translated("checking its rows")
        let message = Translation.plural(
            "another Tally session (process %2$s, '%3$s', %4$s) still held the ledger's write lock after %1$d second of waiting; try again once it is done, or wait longer with --wait",
            "another Tally session (process %2$s, '%3$s', %4$s) still held the ledger's write lock after %1$d seconds of waiting; try again once it is done, or wait longer with --wait",
            count: Int(wait.components.seconds), other.process, other.statement, progress)
        return StoreError(code: SQLITE_BUSY, message: message, doing: Translation.translated("changing the ledger"), finding: .heldByTally)
    }

    /// The ledger could be read here, but not written.
    static func readOnly(doing: String, _ message: String) -> StoreError {
        StoreError(code: SQLITE_READONLY, message: message, doing: doing)
    }

    /// A check or a read found the ledger damaged: nothing is written to it.
    static func damaged(_ problem: String) -> StoreError {
        StoreError(code: SQLITE_CORRUPT, message: IntegrityFinding.shown(problem), doing: Translation.translated("checking the ledger"))
    }

    /// SQLite read the data, but it holds something Tally never writes.
    static func corrupt(doing: String, _ message: String) -> StoreError {
        StoreError(code: SQLITE_CORRUPT, message: message, doing: doing)
    }
}
