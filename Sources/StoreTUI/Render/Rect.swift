/// A rectangle of the screen, in cells.
public struct Rect: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// A rectangle of the given size centred in this one.
    func centred(width: Int, height: Int) -> Rect {
        let w = min(width, self.width)
        let h = min(height, self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }
}
