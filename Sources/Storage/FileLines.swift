import Glibc

/// One line of a file: its bytes without the newline (nil when it is longer than the reader's
/// limit), where it starts, and whether a newline ends it (a last line may have none).
public struct FileLine {
    public let bytes: ArraySlice<UInt8>?
    public let offset: Int
    public let terminated: Bool
}

/// A regular file's lines read forwards a chunk at a time: reading a file of any size holds one
/// chunk and one line, never the file.
public enum FileLines {
    /// Calls `body` with each line between byte `offset` and byte `end` (the file's size when
    /// nil), oldest first; a last line without a newline is given too. A line longer than
    /// `maxLineBytes` is given without its bytes, never held. Does nothing when there is no file.
    public static func forEach(of path: String, from offset: Int = 0, to end: Int? = nil, maxLineBytes: Int,
                               _ body: (FileLine) -> Void) throws(StorageError) {
        guard let fd = try RegularFile.openForReading(path) else { return }
        defer { close(fd) }
        let end = if let end { end } else { try FileTail.size(fd, path: path) }
        var position = offset
        var lineOffset = offset
        var line = PartialLine(maxBytes: maxLineBytes)
        while position < end {
            let chunk = try FileTail.read(fd, min(FileTail.chunkBytes, end - position), at: position, path: path)
            let chunkOffset = position
            position += chunk.count
            var lineStart = chunk.startIndex
            while let newline = chunk[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                body(FileLine(bytes: line.appending(chunk[lineStart..<newline]), offset: lineOffset, terminated: true))
                line = PartialLine(maxBytes: maxLineBytes)
                lineStart = newline + 1
                lineOffset = chunkOffset + newline + 1
            }
            line.append(chunk[lineStart...])
        }
        if lineOffset < end {
            body(FileLine(bytes: line.appending([]), offset: lineOffset, terminated: false))
        }
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
