import Foundation
import Glibc

/// `tally` started at a terminal, as a person starts the REPL: the time
/// from spawn until its prompt is on the screen, and the memory it holds then.
struct FirstPrompt {
    let seconds: Double
    let residentKiB: Int

    static func time(_ executable: String, _ arguments: [String], in folder: String, prompt: String) -> FirstPrompt {
        // posix_openpt and its kin are hidden from Swift without _XOPEN_SOURCE:
        // Linux's own ioctls unlock the new terminal and name it.
        let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlocked: CInt = 0
        var number: CInt = 0
        let lockRequest: UInt = 0x4004_5431, numberRequest: UInt = 0x8004_5430
        guard terminal >= 0, ioctl(terminal, lockRequest, &unlocked) == 0, ioctl(terminal, numberRequest, &number) == 0 else {
            fatalError("no pseudo-terminal to start the REPL on")
        }
        let screen = "/dev/pts/\(number)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            _ = screen.withCString { posix_spawn_file_actions_addopen(&actions, descriptor, $0, O_RDWR, 0) }
        }
        posix_spawn_file_actions_addclose(&actions, terminal)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID, hidden like posix_openpt: a session of its own,
        // so the terminal it opens first becomes its controlling terminal.
        posix_spawnattr_setflags(&attributes, 0x80)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let settings = ["NO_COLOR=1", "LANG=C.UTF-8", "HOME=\(folder)", "TERM=xterm", "COLUMNS=100", "LINES=40"]
        let environment: [UnsafeMutablePointer<CChar>?] = settings.map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let start = Clock.seconds()
        guard posix_spawn(&pid, executable, &actions, &attributes, argv, environment) == 0 else { fatalError("cannot start \(executable)") }
        var seen = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !seen.contains(prompt) {
            let count = read(terminal, &buffer, buffer.count)
            guard count > 0 else { fatalError("the REPL ended before its prompt: \(seen)") }
            seen += String(decoding: buffer[..<count], as: UTF8.self)
        }
        let seconds = Clock.seconds() - start
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let resident = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        _ = "quit\n".withCString { write(terminal, $0, strlen($0)) }
        // Whatever it says on the way out is read, so it never blocks on a full terminal.
        while read(terminal, &buffer, buffer.count) > 0 {}
        var exitStatus: Int32 = 0
        waitpid(pid, &exitStatus, 0)
        close(terminal)
        return FirstPrompt(seconds: seconds, residentKiB: resident)
    }
}
