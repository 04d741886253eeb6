/// An array kept in chunks of a fixed size, so that a copy shares every chunk and a change copies
/// only the chunk it falls in: a history of 100,000 rows kept from view to view, each view still
/// holding the last, takes a write's few rows without copying all the others.
public struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
    /// Elements a chunk holds: 2^10.
    private static var shift: Int { 10 }
    private static var chunkSize: Int { 1 << shift }

    /// Every chunk full but the last.
    private var chunks: [[Element]] = []
    public private(set) var endIndex = 0

    public init() {}

    public init(_ elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    public var startIndex: Int { 0 }

    public subscript(position: Int) -> Element {
        get { chunks[position >> Self.shift][position & (Self.chunkSize - 1)] }
        set { chunks[position >> Self.shift][position & (Self.chunkSize - 1)] = newValue }
    }

    public mutating func append(_ element: Element) {
        if endIndex & (Self.chunkSize - 1) == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append(element)
        endIndex += 1
    }

    /// Inserts `element` at `position`, moving every element after it: in proportion to those.
    public mutating func insert(_ element: Element, at position: Int) {
        rebuild(from: position) { $0.insert(element, at: 0) }
    }

    /// Removes the element at `position`, moving every element after it: in proportion to those.
    @discardableResult
    public mutating func remove(at position: Int) -> Element {
        let removed = self[position]
        rebuild(from: position) { $0.removeFirst() }
        return removed
    }

    /// Takes off the elements from `position` on, changes them by `change`, and appends them again.
    private mutating func rebuild(from position: Int, _ change: (inout [Element]) -> Void) {
        let firstChunk = position >> Self.shift
        let chunkStart = firstChunk << Self.shift
        let before = Array(self[chunkStart..<position])
        var after = Array(self[position..<endIndex])
        change(&after)
        chunks.removeLast(chunks.count - firstChunk)
        endIndex = chunkStart
        for element in before { append(element) }
        for element in after { append(element) }
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: Equatable where Element: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension ChunkedArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}
