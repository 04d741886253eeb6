/// What reading a file back from its end found: where the newest wanted lines begin, or the
/// stretch of unwanted lines where it gave up.
public struct TailStart: Equatable, Sendable {
    /// Where the newest wanted lines begin: 0 when the file holds fewer; when reading gave up,
    /// where those found so far begin (the file's end when none was).
    public let offset: Int
    /// The file's size when it was looked at.
    public let end: Int
    /// The stretch without a wanted line that was longer than the limits allow; nil when
    /// reading did not give up.
    public let stretch: SkippedStretch?
}

/// Bytes of a file that a reader going back from its end passed over without finding a line it
/// wanted: from `offset`, where it stopped, to `end`, the start of the oldest wanted line it
/// found (or the file's end), holding `lines` whole lines (or none: part of one long line).
public struct SkippedStretch: Equatable, Sendable {
    public let offset: Int
    public let end: Int
    public let lines: Int

    /// How many bytes it covers.
    public var bytes: Int { end - offset }
}
