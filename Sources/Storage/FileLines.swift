import Glibc

/// A regular file's lines read forwards a chunk at a time: reading a file of any size holds one
/// chunk and one line, never the file.
public enum FileLines {
    /// Calls `body` with each line between byte `offset` and byte `end` (the file's size when
    /// nil), oldest first, without its newline; a last line without one is given too. A line
    /// longer than `maxLineBytes` is skipped. Does nothing when there is no file.
    public static func forEach(of path: String, from offset: Int = 0, to end: Int? = nil, maxLineBytes: Int,
                               _ body: (ArraySlice<UInt8>) -> Void) throws(StorageError) {
        guard let fd = try RegularFile.openForReading(path) else { return }
        defer { close(fd) }
        let end = if let end { end } else { try FileTail.size(fd, path: path) }
        var position = offset
        var line = PartialLine(maxBytes: maxLineBytes)
        while position < end {
            let chunk = try FileTail.read(fd, min(FileTail.chunkBytes, end - position), at: position, path: path)
            position += chunk.count
            var lineStart = chunk.startIndex
            while let newline = chunk[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                if let whole = line.appending(chunk[lineStart..<newline]) { body(whole) }
                line = PartialLine(maxBytes: maxLineBytes)
                lineStart = newline + 1
            }
            line.append(chunk[lineStart...])
        }
        if let last = line.appending([]), !last.isEmpty { body(last) }
    }
}

/// A line read in pieces, held only up to `maxBytes`: a longer one is dropped whole, so reading
/// a file without newlines cannot fill the memory.
struct PartialLine {
    let maxBytes: Int
    private var bytes: [UInt8] = []
    private var tooLong = false

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// Adds a piece after what is held.
    mutating func append(_ piece: ArraySlice<UInt8>) {
        guard !tooLong, !piece.isEmpty else { return }
        bytes += piece
        trim()
    }

    /// Adds a piece before what is held (reading backwards).
    mutating func prepend(_ piece: ArraySlice<UInt8>) {
        guard !tooLong, !piece.isEmpty else { return }
        bytes = Array(piece) + bytes
        trim()
    }

    /// The whole line that ends with `piece`; nil when it is too long.
    func appending(_ piece: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        whole(bytes.isEmpty ? piece : ArraySlice(bytes + piece))
    }

    /// The whole line that starts with `piece`; nil when it is too long.
    func prepending(_ piece: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        whole(bytes.isEmpty ? piece : ArraySlice(Array(piece) + bytes))
    }

    private func whole(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        tooLong || line.count > maxBytes ? nil : line
    }

    private mutating func trim() {
        guard bytes.count > maxBytes else { return }
        bytes = []
        tooLong = true
    }
}
