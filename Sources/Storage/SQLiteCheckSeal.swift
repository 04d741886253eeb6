import Glibc

/// What a writer knew of its database file when it closed it cleanly (its log checkpointed, no
/// `-wal` left): the file's identity, size, times and a checksum of its first bytes, kept beside
/// it in `-checked`. The writer opened that file checked and changed it only through SQLite, so
/// a file that still matches every one of them is the file it left, and opening it again need
/// not read every page. A file that differs in any (edited, copied over, replaced, damaged by
/// another program, which also moves its change time, a time no program can set) is checked
/// whole, as is every file after a crash, whose `-wal` is still there.
struct SQLiteCheckSeal: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: [Int64]
    let changed: [Int64]
    let headChecksum: UInt32

    /// How much of the file's start the checksum covers: the header and the schema's first pages.
    static let headBytes = 65536

    /// The companion file that holds the seal of `path`.
    static func file(of path: String) -> String {
        path + "-checked"
    }

    /// Whether the database at `path` has no `-wal` beside it and is, by its seal, the file a
    /// writer closed cleanly after checking it.
    static func holds(_ path: String) -> Bool {
        guard !SQLiteDatabase.hasWriteAheadLog(path),
              let bytes = try? DurableFile.read(file(of: path), atMost: 512),
              let text = String(validating: bytes, as: UTF8.self),
              let recorded = SQLiteCheckSeal(line: text) else { return false }
        return of(path) == recorded
    }

    /// Records the seal of the database at `path` now, once its writer has closed it with no
    /// `-wal` left. A seal that cannot be written only means a whole check at the next open.
    static func record(_ path: String) {
        guard !SQLiteDatabase.hasWriteAheadLog(path), let seal = of(path) else { return }
        let sealPath = file(of: path)
        guard let fd = try? RegularFile.open(sealPath, O_WRONLY | O_CREAT | O_TRUNC) else { return }
        defer { close(fd) }
        if (try? DurableFile.writeAll(fd, Array(seal.line.utf8), path: sealPath)) == nil {
            _ = ftruncate(fd, 0)
        }
    }

    /// The seal of the regular file at `path` as it is now, nil when it cannot be read.
    static func of(_ path: String) -> SQLiteCheckSeal? {
        guard let fd = try? RegularFile.openForReading(path) else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        var head = [UInt8](repeating: 0, count: headBytes)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { return nil }
        return SQLiteCheckSeal(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                               modified: [Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)],
                               changed: [Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec)],
                               headChecksum: CRC32.checksum(head.prefix(count)))
    }

    init(device: UInt64, inode: UInt64, size: Int64, modified: [Int64], changed: [Int64], headChecksum: UInt32) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
        self.headChecksum = headChecksum
    }

    /// Reads the seal's one line; nil for anything else (a torn or foreign file).
    init?(line: String) {
        let fields = line.split(separator: " ")
        guard line.hasSuffix("\n"), fields.count == 10, fields[0] == "storesim-checked", fields[1] == "v1",
              let device = UInt64(fields[2]), let inode = UInt64(fields[3]), let size = Int64(fields[4]),
              let times = Optional(fields[5...8].compactMap { Int64($0) }), times.count == 4,
              let checksum = UInt32(fields[9].dropLast(), radix: 16) else { return nil }
        self.init(device: device, inode: inode, size: size, modified: Array(times[0...1]), changed: Array(times[2...3]),
                  headChecksum: checksum)
    }

    var line: String {
        "storesim-checked v1 \(device) \(inode) \(size) \(modified[0]) \(modified[1]) \(changed[0]) \(changed[1]) "
            + String(headChecksum, radix: 16) + "\n"
    }
}
