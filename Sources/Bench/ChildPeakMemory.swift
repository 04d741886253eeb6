import Glibc

/// A child process run to its end, and its own peak resident memory: what one command costs,
/// apart from the bench that starts it. `wait4`'s `ru_maxrss` cannot tell: a spawned child
/// starts from its parent's peak, so the child's `VmHWM` (its own memory's high-water mark) is
/// read from `/proc` every millisecond until it exits, and the child itself (storesim, asked by
/// `STORESIM_PEAK_MEMORY_FD`) writes its final `VmHWM` on that descriptor as it exits: polling
/// alone misses a peak reached after the last look, which a loaded machine makes likely.
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
        var report: [Int32] = [-1, -1]
        guard pipe(&report) == 0 else { throw BenchError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        for end in report { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(report[0]) }
        posix_spawn_file_actions_adddup2(&actions, report[1], Self.reportDescriptor)
        let argv = ([executable] + arguments).map { strdup($0) }
        let environment = (Self.environment() + ["\(Self.reportVariable)=\(Self.reportDescriptor)"]).map { strdup($0) }
        defer { (argv + environment).forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, executable, &actions, nil, argv + [nil], environment + [nil])
        close(report[1])
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
        return Double(max(peakKilobytes, reported(report[0]))) / 1024
    }

    /// The variable that asks storesim to write its final peak, and the descriptor it writes on.
    static let reportVariable = "STORESIM_PEAK_MEMORY_FD"
    static let reportDescriptor: Int32 = 3

    /// In a storesim asked by `STORESIM_PEAK_MEMORY_FD`: writes this process's `VmHWM` in KiB on
    /// that descriptor; nothing otherwise. Called as the process exits.
    public static func reportOwnPeakIfAsked() {
        guard let text = getenv(reportVariable).map({ String(cString: $0) }), let descriptor = Int32(text) else { return }
        let line = Array("\(highWaterKilobytes(getpid()))\n".utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The peak a child wrote on the pipe before it exited, 0 when it wrote none.
    private static func reported(_ descriptor: Int32) -> Int {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &bytes, bytes.count)
        guard count > 0 else { return 0 }
        return Int(String(decoding: bytes[..<count], as: UTF8.self).filter(\.isNumber)) ?? 0
    }

    /// This process's environment as `NAME=value` strings, without a report variable of its own.
    private static func environment() -> [String] {
        var entries: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if !text.hasPrefix(reportVariable + "=") { entries.append(text) }
            cursor += 1
        }
        return entries
    }

    /// `VmHWM` of a running process in KiB; 0 once it has exited (or before it has memory).
    private static func highWaterKilobytes(_ pid: pid_t) -> Int {
        statusKilobytes(pid, "VmHWM")
    }

    /// A figure in KiB of `/proc/PID/status` (`VmHWM`, `VmRSS`); 0 when it cannot be read.
    static func statusKilobytes(_ pid: pid_t, _ field: String) -> Int {
        guard let file = fopen("/proc/\(pid)/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix(field + ":") {
                return Int(text.dropFirst(field.count + 1).filter(\.isNumber)) ?? 0
            }
        }
        return 0
    }
}
