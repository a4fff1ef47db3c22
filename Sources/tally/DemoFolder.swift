#if canImport(Glibc)
import Glibc
#endif

/// The demo's throwaway folder, removed however Tally ends: by returning,
/// or by a signal that would otherwise leave it behind.
enum DemoFolder {
    private static let leftovers = ["demo.db", "demo.db-wal", "demo.db-shm", "demo.db.history"]

    /// The files, then the folder, as C strings made before any signal can
    /// come: a signal handler may only call what is async-signal-safe.
    nonisolated(unsafe) private static var pathsToRemove: [UnsafeMutablePointer<CChar>] = []

    /// The template `mkdtemp` fills in, under `temporary`: the folder's name
    /// carries this process's id, so a later demo knows when it is abandoned.
    static func template(in temporary: String) -> String {
        temporary + "/" + prefix + "\(getpid())-XXXXXX"
    }

    private static let prefix = "tally-demo-"

    /// Removes the folders under `temporary` of this user's demos whose
    /// process has died without removing them, as `kill -9` leaves them.
    static func removeAbandoned(in temporary: String) {
        guard let directory = opendir(temporary) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(prefix), let owner = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }) else { continue }
            let folder = temporary + "/" + name
            var info = stat()
            // Not through a link: only a folder of this user's own is emptied.
            guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
                  kill(owner, 0) != 0, errno == ESRCH else { continue }
            remove(folder)
        }
    }

    /// Removes the folder and what Tally left in it: the ledger, its log files and its history.
    static func remove(_ folder: String) {
        for name in leftovers {
            unlink(folder + "/" + name)
        }
        rmdir(folder)
    }

    /// Has a hang-up or a `kill` remove `folder` before Tally stops, and
    /// Ctrl-C too when `interrupts` (a script run, where Ctrl-C stops Tally
    /// rather than the statement being typed).
    static func removeOnSignals(_ folder: String, interrupts: Bool) {
        pathsToRemove = (leftovers.map { folder + "/" + $0 } + [folder]).map { strdup($0)! }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            let paths = DemoFolder.pathsToRemove
            for index in paths.indices {
                if index == paths.count - 1 { rmdir(paths[index]) } else { unlink(paths[index]) }
            }
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for stop in [SIGTERM, SIGHUP] + (interrupts ? [SIGINT] : []) {
            sigaction(stop, &action, nil)
        }
    }
}
