import Glibc

/// The end of a regular file, read backwards a chunk at a time until it holds enough lines: what
/// reading the newest lines costs depends on how many are wanted, not on the file's size.
public enum FileTail {
    /// How much is read at a time, from the end towards the start.
    static let chunkBytes = 64 << 10

    /// Where the newest `wanted` lines that `counts` accepts begin, and the file's size when it
    /// was looked at: the file is read backwards a chunk at a time, keeping only the line being
    /// read (a line over `limits.lineBytes` is skipped), so finding them costs what they cost,
    /// not what the file holds. Offset 0 when the file holds fewer; nil when there is no file.
    /// Reading gives up in a stretch of lines `counts` refuses (empty ones too) longer than
    /// `limits` allows, and says where: a damaged file costs the limits, not its size.
    public static func start(ofLast wanted: Int, of path: String, limits: TailLimits,
                             counts: (ArraySlice<UInt8>) -> Bool) throws(StorageError) -> TailStart? {
        guard let fd = try RegularFile.openForReading(path) else { return nil }
        defer { close(fd) }
        let end = try size(fd, path: path)
        var start = end
        var line = PartialLine(maxBytes: limits.lineBytes)
        var found = 0
        var stretch = SkippedStretch(offset: end, end: end, lines: 0)
        while start > 0 {
            let length = min(chunkBytes, start)
            let chunk = try read(fd, length, at: start - length, path: path)
            start -= length
            var lineEnd = chunk.endIndex
            while let newline = chunk[..<lineEnd].lastIndex(of: UInt8(ascii: "\n")) {
                let lineStart = start + newline + 1
                let whole = line.prepending(chunk[(newline + 1)..<lineEnd])
                if let whole, !whole.isEmpty, counts(whole) {
                    found += 1
                    if found == wanted { return TailStart(offset: lineStart, end: end, stretch: nil) }
                    stretch = SkippedStretch(offset: lineStart, end: lineStart, lines: 0)
                } else if lineStart < end {
                    stretch = SkippedStretch(offset: lineStart, end: stretch.end, lines: stretch.lines + 1)
                    if !limits.allow(stretch) { return TailStart(offset: stretch.end, end: end, stretch: stretch) }
                }
                line = PartialLine(maxBytes: limits.lineBytes)
                lineEnd = newline
            }
            line.prepend(chunk[..<lineEnd])
            stretch = SkippedStretch(offset: start, end: stretch.end, lines: stretch.lines)
            if !limits.allow(stretch) { return TailStart(offset: stretch.end, end: end, stretch: stretch) }
        }
        return TailStart(offset: 0, end: end, stretch: nil)
    }

    /// The size of the open file.
    static func size(_ fd: Int32, path: String) throws(StorageError) -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StorageError(path: path, problem: "stat failed: \(errnoText())") }
        return Int(info.st_size)
    }

    /// Reads `length` bytes at `offset`, continuing after short reads.
    static func read(_ fd: Int32, _ length: Int, at offset: Int, path: String) throws(StorageError) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: length)
        try chunk.withUnsafeMutableBufferPointer { (buffer) throws(StorageError) in try read(fd, into: buffer, at: offset, path: path) }
        return chunk
    }

    /// Fills `buffer` with the file's bytes from `offset`, read with `pread`: a reader of a long
    /// file reuses one buffer for every chunk.
    static func read(_ fd: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int, path: String) throws(StorageError) {
        var done = 0
        while done < buffer.count {
            let count = pread(fd, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(offset + done))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw StorageError(path: path, problem: count == 0 ? "shrank while being read" : "read failed: \(errnoText())")
            }
            done += count
        }
    }
}
