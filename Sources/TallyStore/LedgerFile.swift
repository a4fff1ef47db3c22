import Glibc
import TallyCore

/// The ledger's file as the operating system sees it, before SQLite opens it.
enum LedgerFile {
    /// Makes an empty file at `path` (mode 0600) unless one is there; with
    /// `creatingFolders`, first the missing folders above it (mode 0700).
    /// SQLite takes an empty file for a new database and gives its WAL files
    /// the database file's mode.
    static func create(_ path: String, creatingFolders: Bool) throws(StoreError) {
        if creatingFolders {
            try createFolders(above: path)
        } else if !exists(folder(of: path)) {
            throw .cannotOpen(doing: Translation.translated("opening %s", path), Translation.translated("the folder %s does not exist", folder(of: path)))
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw .cannotOpen(doing: Translation.translated("creating %s", path), String(cString: strerror(errno)))
        }
    }

    /// Why a change could never be written at `path`, or nil when it can be:
    /// SQLite writes the file, and creates its log files in the folder.
    static func unwritableReason(_ path: String) -> String? {
        if access(path, W_OK) != 0 { return Translation.translated("the file %s is read-only", path) }
        if access(folder(of: path), W_OK) != 0 { return Translation.translated("the folder %s is read-only", folder(of: path)) }
        return nil
    }

    /// What a file's size and last change were, and its log's size: when
    /// any of them moves, someone wrote to the ledger.
    struct Stamp: Equatable {
        let size: Int
        let seconds: Int
        let nanoseconds: Int
        let logSize: Int
    }

    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        var log = stat()
        let logSize = stat(path + "-wal", &log) == 0 ? Int(log.st_size) : 0
        return Stamp(size: Int(info.st_size), seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, logSize: logSize)
    }

    /// Whether the write-ahead log beside `path` holds changes not yet folded
    /// into the file; reading the file alone would then miss them.
    static func hasPendingLog(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 0
    }

    /// What the first bytes of the file at `path` say it is, before SQLite
    /// reads it: SQLite takes any file shorter than its header for an empty
    /// database, and would make a ledger of a one-line note.
    enum Header: Equatable {
        /// No bytes at all: a new ledger may be made here.
        case none
        /// An SQLite database's header.
        case database
        /// Anything else.
        case notADatabase
    }

    static func header(_ path: String) throws(StoreError) -> Header {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(doing: Translation.translated("opening %s", path), String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 100)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 100) }
        guard count > 0 else { return count == 0 ? .none : .notADatabase }
        guard count == 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else { return .notADatabase }
        return .database
    }

    /// The first line of a small file Tally keeps beside the ledger, read
    /// from its first `within` bytes; nil when it is missing or empty.
    static func firstLine(of path: String, within limit: Int) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: bytes.prefix(count).prefix { $0 != 0x0A }, as: UTF8.self)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    private static func createFolders(above path: String) throws(StoreError) {
        var folder = path.hasPrefix("/") ? "/" : ""
        for name in path.split(separator: "/").dropLast() {
            folder += name + "/"
            if mkdir(folder, 0o700) != 0 && errno != EEXIST {
                throw .cannotOpen(doing: Translation.translated("creating the folder %s", folder), String(cString: strerror(errno)))
            }
        }
    }
}
