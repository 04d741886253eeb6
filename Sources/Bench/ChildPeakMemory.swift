import Glibc

/// A child process run to its end, and its own peak resident memory: what one command costs,
/// apart from the bench that starts it. `wait4`'s `ru_maxrss` cannot tell: a spawned child
/// starts from its parent's peak, so the child's `VmHWM` (its own memory's high-water mark) is
/// read from `/proc` every millisecond until it exits.
public enum ChildPeakMemory {
    /// Runs `executable` with `arguments`, its output discarded, and returns its peak in
    /// megabytes; an error when it cannot start or does not exit with 0.
    public static func megabytes(_ executable: String, _ arguments: [String]) throws(BenchError) -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, executable, &actions, nil, argv + [nil], environ)
        guard started == 0 else {
            throw BenchError("\(executable): cannot start: \(String(cString: strerror(started)))")
        }
        var status: Int32 = 0
        var peakKilobytes = 0
        while true {
            peakKilobytes = max(peakKilobytes, highWaterKilobytes(pid))
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid { break }
            guard ended == 0 || errno == EINTR else {
                throw BenchError("\(executable): wait failed: \(String(cString: strerror(errno)))")
            }
            usleep(1000)
        }
        guard status == 0 else {
            throw BenchError("\(executable) \(arguments.joined(separator: " ")): ended with status \(status)")
        }
        return Double(peakKilobytes) / 1024
    }

    /// `VmHWM` of a running process in KiB; 0 once it has exited (or before it has memory).
    private static func highWaterKilobytes(_ pid: pid_t) -> Int {
        guard let file = fopen("/proc/\(pid)/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmHWM:") {
                return Int(text.dropFirst(6).filter(\.isNumber)) ?? 0
            }
        }
        return 0
    }
}
