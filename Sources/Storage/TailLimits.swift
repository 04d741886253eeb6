/// How far reading a file back from its end may go: the longest line it holds, and the longest
/// stretch, in lines and in bytes, without a line it wants before it gives up.
public struct TailLimits: Equatable, Sendable {
    public let lineBytes: Int
    public let stretchLines: Int
    public let stretchBytes: Int

    public init(lineBytes: Int, stretchLines: Int, stretchBytes: Int) {
        self.lineBytes = lineBytes
        self.stretchLines = stretchLines
        self.stretchBytes = stretchBytes
    }

    /// Whether reading may go on past `stretch`.
    func allow(_ stretch: SkippedStretch) -> Bool {
        stretch.lines <= stretchLines && stretch.bytes <= stretchBytes
    }
}
