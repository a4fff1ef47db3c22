import Foundation
import Glibc
import TallyShell

/// `tally` running on a pseudo-terminal as its controlling terminal, the way
/// a person runs it: keys typed go through the terminal driver, so Ctrl-C is a
/// real SIGINT and readline sees a real terminal.
final class PseudoTerminal {
    private let master: Int32
    private let pid: pid_t
    private var received: [UInt8] = []

    /// glibc's POSIX_SPAWN_SETSID, which Swift's Glibc module does not export:
    /// the child starts a session, and the terminal it opens first becomes its own.
    private static let spawnSetSID: Int16 = 0x80

    init(_ arguments: [String], environment: [String: String]) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw TerminalError.unavailable }
        var unlock: CInt = 0
        var number: CUnsignedInt = 0
        let lockCommand: UInt = 0x4004_5431  // TIOCSPTLCK
        let numberCommand: UInt = 0x8004_5430  // TIOCGPTN
        guard ioctl(master, lockCommand, &unlock) == 0, ioctl(master, numberCommand, &number) == 0 else {
            close(master)
            throw TerminalError.unavailable
        }
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/pts/\(number)", O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        attributes.startWithDefaultSignals(flags: PseudoTerminal.spawnSetSID)

        let path = TallyBinary.binary.path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        guard posix_spawn(&child, path, &actions, &attributes, argv, envp) == 0 else {
            close(master)
            throw TerminalError.unavailable
        }
        pid = child
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
    }

    /// Types `keys` as they are: "\r" is Enter, "\t" Tab, "\u{3}" Ctrl-C.
    func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Everything the terminal showed so far, without escape sequences.
    var screen: String {
        PseudoTerminal.plain(String(decoding: received, as: UTF8.self))
    }

    /// Reads until the screen holds `text` `count` times, or `seconds` pass.
    @discardableResult
    func waitFor(_ text: String, count: Int = 1, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while occurrences(of: text) < count {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left * 1000)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let read = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if read <= 0 { return occurrences(of: text) >= count }
            received += buffer[0..<read]
        }
        return true
    }

    func occurrences(of text: String) -> Int {
        screen.components(separatedBy: text).count - 1
    }

    /// Waits for the process to end and gives its exit status, or nil if it is still running after `seconds`.
    func exitStatus(within seconds: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return (status >> 8) & 0xFF }
            _ = waitFor("\u{0}", seconds: 0.05)
        }
        return nil
    }

    /// Drops CSI and OSC sequences and lone escapes, keeping the text.
    static func plain(_ text: String) -> String {
        var result = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\u{1B}" else {
                if scalar != "\r" && scalar != "\u{7}" { result.unicodeScalars.append(scalar) }
                continue
            }
            guard let next = iterator.next() else { break }
            if next == "[" {
                while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {}
            } else if next == "]" {
                while let c = iterator.next(), c != "\u{7}" {}
            }
        }
        return result
    }
}
