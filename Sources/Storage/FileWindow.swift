import Glibc

/// A stretch of an open file held in one reused buffer, for a reader that goes forwards but
/// may step over long stretches: a read it needs outside the stretch refills the buffer from
/// there, a whole buffer when reading on, only a little when it only looks at a line's end.
struct FileWindow {
    let fd: Int32
    let path: String
    /// The file's size when it was opened for reading.
    let end: Int
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// Where in the file the buffer's bytes start, and how many it holds.
    private var start = 0
    private var count = 0

    init(fd: Int32, path: String, end: Int, capacity: Int) throws(StorageError) {
        self.fd = fd
        self.path = path
        self.end = end
        buffer = .allocate(capacity: capacity)
    }

    func deallocate() {
        buffer.deallocate()
    }

    /// The file's bytes in `range`, which must lie within the file. `readAhead` is how much a
    /// refill reads: the rest of the buffer when the reader goes on reading, less when it only
    /// looks at a few bytes before stepping on.
    mutating func bytes(_ range: Range<Int>, readAhead: Int? = nil) throws(StorageError) -> [UInt8] {
        guard range.count <= buffer.count else {
            return try FileTail.read(fd, range.count, at: range.lowerBound, path: path)
        }
        try hold(range, readAhead: readAhead ?? buffer.count)
        return Array(buffer[(range.lowerBound - start)..<(range.upperBound - start)])
    }

    /// Where the first newline in `from..<before` is, if there is one; the range must fit the buffer.
    mutating func newline(from: Int, before: Int) throws(StorageError) -> Int? {
        guard from < before else { return nil }
        try hold(from..<before, readAhead: buffer.count)
        return find(from..<before)
    }

    /// The line that starts at `offset`, whose first `head.count` bytes hold no newline, read
    /// through to its newline or to the file's end, keeping only its last `tailBytes`.
    mutating func readThrough(from offset: Int, head: [UInt8], tailBytes: Int) throws(StorageError) -> LineEnds {
        var position = offset + head.count
        var tail = Array(head.suffix(tailBytes))
        while position < end {
            let stretch = position..<min(end, position + buffer.count)
            try hold(stretch, readAhead: buffer.count)
            let newline = find(stretch)
            let piece = buffer[(position - start)..<((newline ?? stretch.upperBound) - start)]
            tail = piece.count >= tailBytes ? Array(piece.suffix(tailBytes)) : Array((tail + piece).suffix(tailBytes))
            if let newline {
                return LineEnds(offset: offset, length: newline - offset, head: head, tail: tail, terminated: true)
            }
            position = stretch.upperBound
        }
        return LineEnds(offset: offset, length: end - offset, head: head, tail: tail, terminated: false)
    }

    /// Makes the buffer hold `range`, refilling it from the range's start when it does not.
    private mutating func hold(_ range: Range<Int>, readAhead: Int) throws(StorageError) {
        guard range.lowerBound < start || range.upperBound > start + count else { return }
        let length = min(buffer.count, end - range.lowerBound, max(range.count, readAhead))
        try FileTail.read(fd, into: UnsafeMutableBufferPointer(rebasing: buffer[..<length]), at: range.lowerBound, path: path)
        start = range.lowerBound
        count = length
    }

    /// The first newline in `range`, which the buffer holds, found with `memchr`.
    private func find(_ range: Range<Int>) -> Int? {
        guard let base = buffer.baseAddress,
              let hit = memchr(base + (range.lowerBound - start), Int32(UInt8(ascii: "\n")), range.count) else { return nil }
        return start + base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }
}
