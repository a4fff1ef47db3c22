import Glibc

/// Makes the ledger's file private to its owner before SQLite first opens it.
enum LedgerFile {
    /// Creates the missing folders above `path` (mode 0700) and, unless a file is
    /// already there, an empty file (mode 0600). SQLite takes an empty file for a
    /// new database and gives its WAL files the database file's mode.
    static func create(_ path: String) throws(StoreError) {
        try createFolders(above: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw .cannotOpen(doing: "creating \(path)", String(cString: strerror(errno)))
        }
    }

    private static func createFolders(above path: String) throws(StoreError) {
        var folder = path.hasPrefix("/") ? "/" : ""
        for name in path.split(separator: "/").dropLast() {
            folder += name + "/"
            if mkdir(folder, 0o700) != 0 && errno != EEXIST {
                throw .cannotOpen(doing: "creating the folder \(folder)", String(cString: strerror(errno)))
            }
        }
    }
}
