import Glibc

/// One line of a file seen from its ends: where it starts, its length without the newline, its
/// first bytes (up to a limit) and its last bytes, and whether a newline ends it.
public struct LineEnds {
    public let offset: Int
    public let length: Int
    public let head: [UInt8]
    public let tail: [UInt8]
    public let terminated: Bool
}

/// How a file's format lets its reader step over a long line instead of reading it: from the
/// first `headBytes` of a line with no newline among them, the length the line claims to have
/// and how the last bytes of the line that claim points at confirm it. A claim the file does not
/// confirm (a damaged length, one past the end) is ignored and the line read through. A line
/// stepped over is seen from those first bytes and its last ones alone.
public struct LineSkip: Sendable {
    public let headBytes: Int
    public let claim: @Sendable ([UInt8]) -> LineClaim?

    public init(headBytes: Int, claim: @escaping @Sendable ([UInt8]) -> LineClaim?) {
        self.headBytes = headBytes
        self.claim = claim
    }
}

/// The length a long line's first bytes claim, and the test its last bytes (without the
/// newline) must pass to confirm it: worked out once from the first bytes, for both.
public struct LineClaim {
    public let length: Int
    public let confirms: ([UInt8]) -> Bool

    public init(length: Int, confirms: @escaping ([UInt8]) -> Bool) {
        self.length = length
        self.confirms = confirms
    }
}

/// A regular file's lines read forwards a chunk at a time, each seen only from its ends: reading
/// a file of long lines holds one chunk and two short pieces, never a line. With a `LineSkip`,
/// a long line whose claimed length its end confirms is not read at all: only its first bytes
/// and its last. For files whose long lines are read whole only when needed
/// (`bytes(of:at:length:)`).
public enum FileLineEnds {
    static let chunkBytes = 64 << 10

    /// Calls `body` with each line's ends, oldest first; a last line without a newline is given
    /// too. Does nothing when there is no file; refuses one larger than `limit` bytes before
    /// reading it, as `DurableFile.read` does.
    public static func forEach(of path: String, headBytes: Int, tailBytes: Int, atMost limit: Int, skip: LineSkip? = nil,
                               _ body: (LineEnds) -> Void) throws(StorageError) {
        guard let fd = try RegularFile.openForReading(path) else { return }
        defer { close(fd) }
        let end = try FileTail.size(fd, path: path)
        guard end <= limit else {
            throw StorageError(path: path, problem: "too large: \(end) bytes (at most \(limit))")
        }
        var window = try FileWindow(fd: fd, path: path, end: end, capacity: min(chunkBytes, max(end, headBytes + tailBytes + 1)))
        defer { window.deallocate() }
        var position = 0
        while position < end {
            let line = try nextLine(at: position, in: &window, headBytes: headBytes, tailBytes: tailBytes, skip: skip)
            body(line)
            position = line.offset + line.length + 1
        }
    }

    /// The line that starts at `position`: a long one stepped over when `skip` is confirmed, a
    /// short one from the window, else read through to its newline (or the file's end).
    private static func nextLine(at position: Int, in window: inout FileWindow, headBytes: Int, tailBytes: Int,
                                 skip: LineSkip?) throws(StorageError) -> LineEnds {
        if let skip {
            let peekEnd = min(window.end, position + min(skip.headBytes, headBytes))
            if let newline = try window.newline(from: position, before: peekEnd) {
                return try shortLine(from: position, to: newline, in: &window, tailBytes: tailBytes)
            }
            if let line = try stepOver(from: position, to: peekEnd, in: &window, headBytes: headBytes, tailBytes: tailBytes,
                                       skip: skip) {
                return line
            }
        }
        let headEnd = min(window.end, position + headBytes + 1)
        if let newline = try window.newline(from: position, before: headEnd) {
            return try shortLine(from: position, to: newline, in: &window, tailBytes: tailBytes)
        }
        if headEnd == window.end {
            let bytes = try window.bytes(position..<window.end)
            return LineEnds(offset: position, length: bytes.count, head: Array(bytes.prefix(headBytes)),
                            tail: Array(bytes.suffix(tailBytes)), terminated: false)
        }
        let head = try window.bytes(position..<(position + headBytes))
        return try window.readThrough(from: position, head: head, tailBytes: tailBytes)
    }

    /// The line from `position` to the newline at `newline`, whole.
    private static func shortLine(from position: Int, to newline: Int, in window: inout FileWindow,
                                  tailBytes: Int) throws(StorageError) -> LineEnds {
        let bytes = try window.bytes(position..<newline)
        return LineEnds(offset: position, length: newline - position, head: bytes, tail: Array(bytes.suffix(tailBytes)),
                        terminated: true)
    }

    /// The long line at `position` seen from its first bytes, up to `peekEnd` (which hold no
    /// newline), and its end, when they claim a length longer than `headBytes` that the end
    /// confirms; nil otherwise. Reading it costs those bytes, and those of the next line's start.
    private static func stepOver(from position: Int, to peekEnd: Int, in window: inout FileWindow, headBytes: Int,
                                 tailBytes: Int, skip: LineSkip) throws(StorageError) -> LineEnds? {
        let head = try window.bytes(position..<peekEnd)
        guard let claim = skip.claim(head), case let claimed = claim.length, claimed > headBytes, claimed >= tailBytes,
              claimed < window.end - position else { return nil }
        let tail = try window.bytes((position + claimed - tailBytes)..<(position + claimed + 1),
                                    readAhead: tailBytes + skip.headBytes + 2)
        let last = Array(tail.dropLast())
        guard tail.last == UInt8(ascii: "\n"), claim.confirms(last) else { return nil }
        return LineEnds(offset: position, length: claimed, head: head, tail: last, terminated: true)
    }

    /// `length` bytes of the file from `offset`, read with `pread`.
    public static func bytes(of path: String, at offset: Int, length: Int) throws(StorageError) -> [UInt8] {
        guard let fd = try RegularFile.openForReading(path) else {
            throw StorageError(path: path, problem: "is gone")
        }
        defer { close(fd) }
        return try FileTail.read(fd, length, at: offset, path: path)
    }
}
