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

/// A regular file's lines read forwards a chunk at a time, each seen only from its ends: reading
/// a file of long lines holds one chunk and two short pieces, never a line. For files whose long
/// lines are read whole only when needed (`bytes(of:at:length:)`).
public enum FileLineEnds {
    static let chunkBytes = 1 << 20

    /// Calls `body` with each line's ends, oldest first; a last line without a newline is given
    /// too. Does nothing when there is no file; refuses one larger than `limit` bytes before
    /// reading it, as `DurableFile.read` does.
    public static func forEach(of path: String, headBytes: Int, tailBytes: Int, atMost limit: Int,
                               _ body: (LineEnds) -> Void) throws(StorageError) {
        guard let fd = try RegularFile.openForReading(path) else { return }
        defer { close(fd) }
        let end = try FileTail.size(fd, path: path)
        guard end <= limit else {
            throw StorageError(path: path, problem: "too large: \(end) bytes (at most \(limit))")
        }
        var line = Ends(offset: 0, headBytes: headBytes, tailBytes: tailBytes)
        var position = 0
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: min(chunkBytes, max(end, 1)))
        defer { chunk.deallocate() }
        while position < end {
            let length = min(chunk.count, end - position)
            try FileTail.read(fd, into: UnsafeMutableBufferPointer(rebasing: chunk[..<length]), at: position, path: path)
            let chunkOffset = position
            position += length
            let buffer = UnsafeBufferPointer(rebasing: chunk[..<length])
            guard let base = buffer.baseAddress else { continue }
            var start = 0
            while start < buffer.count, let hit = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) {
                let newline = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                line.add(UnsafeBufferPointer(rebasing: buffer[start..<newline]))
                body(line.ended(at: chunkOffset + newline, terminated: true))
                line = Ends(offset: chunkOffset + newline + 1, headBytes: headBytes, tailBytes: tailBytes)
                start = newline + 1
            }
            line.add(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
        if line.offset < end {
            body(line.ended(at: end, terminated: false))
        }
    }

    /// `length` bytes of the file from `offset`, read with `pread`.
    public static func bytes(of path: String, at offset: Int, length: Int) throws(StorageError) -> [UInt8] {
        guard let fd = try RegularFile.openForReading(path) else {
            throw StorageError(path: path, problem: "is gone")
        }
        defer { close(fd) }
        return try FileTail.read(fd, length, at: offset, path: path)
    }

    /// The ends of a line being read.
    private struct Ends {
        let offset: Int
        let headBytes: Int
        let tailBytes: Int
        var head: [UInt8] = []
        var tail: [UInt8] = []
        var length = 0

        init(offset: Int, headBytes: Int, tailBytes: Int) {
            self.offset = offset
            self.headBytes = headBytes
            self.tailBytes = tailBytes
        }

        mutating func add(_ piece: UnsafeBufferPointer<UInt8>) {
            length += piece.count
            if head.count < headBytes {
                head.append(contentsOf: piece.prefix(headBytes - head.count))
            }
            if piece.count >= tailBytes {
                tail = Array(piece.suffix(tailBytes))
            } else {
                tail = Array((tail + piece).suffix(tailBytes))
            }
        }

        func ended(at end: Int, terminated: Bool) -> LineEnds {
            LineEnds(offset: offset, length: end - offset, head: head, tail: tail, terminated: terminated)
        }
    }
}
