import Foundation
import Glibc

/// `tally` run as a person runs it: a fresh process, timed from spawn to
/// exit, with the most memory it held and what it printed.
struct Child {
    let seconds: Double
    /// User and system time of the process and what it ran.
    let cpuSeconds: Double
    /// Nil when /usr/bin/time is missing.
    let peakKiB: Int?
    let output: String

    /// A child of this large process would report this process's peak
    /// memory as its own (Linux carries it across exec), so the peak is read
    /// by GNU time, whose child starts small.
    private static let time = "/usr/bin/time"

    static func run(_ executable: String, _ arguments: [String], in folder: String) -> Child {
        let memoryPath = folder + "/child-memory.txt"
        let measured = FileManager.default.isExecutableFile(atPath: time)
        let command = measured ? [time, "-f", "%M", "-o", memoryPath, executable] + arguments : [executable] + arguments
        let outputPath = folder + "/child-output.txt"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        _ = outputPath.withCString { posix_spawn_file_actions_addopen(&actions, 1, $0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        let errorPath = folder + "/child-errors.txt"
        _ = errorPath.withCString { posix_spawn_file_actions_addopen(&actions, 2, $0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let settings: [String] = ["NO_COLOR=1", "LANG=C.UTF-8", "HOME=\(folder)"]
        let environment: [UnsafeMutablePointer<CChar>?] = settings.map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let start = Clock.seconds()
        guard posix_spawn(&pid, command[0], &actions, nil, argv, environment) == 0 else {
            fatalError("cannot start \(command[0])")
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let seconds = Clock.seconds() - start
        let cpuSeconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            fatalError("\(arguments.joined(separator: " ")) failed (\(status)): \(errors)")
        }
        let memory = measured ? (try? String(contentsOfFile: memoryPath, encoding: .utf8)) : nil
        return Child(seconds: seconds, cpuSeconds: cpuSeconds, peakKiB: memory.flatMap { Int($0.split(separator: "\n").last ?? "") }, output: output)
    }
}

enum Clock {
    static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// The middle and the 99th percentile of some timings.
struct Spread {
    let median: Double
    let p99: Double
    let runs: Int

    init(_ timings: [Double]) {
        let sorted = timings.sorted()
        median = sorted[sorted.count / 2]
        p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        runs = sorted.count
    }
}
