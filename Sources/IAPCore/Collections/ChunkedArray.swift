/// An array kept in chunks of a fixed size, so that a copy shares every chunk and a change copies
/// only the chunk it falls in: a history of 100,000 rows kept from view to view, each view still
/// holding the last, takes a write's few rows without copying all the others. Inlinable, so that
/// each module that reads one reads it specialized to its elements.
public struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
    /// Elements a chunk holds: 2^8. A change copies the list of chunks and the chunk it falls in,
    /// so the size balances the two for histories of 10,000 to 1,000,000 rows.
    @usableFromInline static var shift: Int { 8 }
    @usableFromInline static var chunkSize: Int { 1 << shift }

    /// Every chunk full but the last.
    @usableFromInline var chunks: [[Element]] = []
    /// How many elements there are.
    @usableFromInline var elementCount = 0

    @inlinable
    public var endIndex: Int { elementCount }

    @inlinable
    public init() {}

    @inlinable
    public init(_ elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    @inlinable
    public var startIndex: Int { 0 }

    @inlinable
    public subscript(position: Int) -> Element {
        get { chunks[position >> Self.shift][position & (Self.chunkSize - 1)] }
        set { chunks[position >> Self.shift][position & (Self.chunkSize - 1)] = newValue }
    }

    @inlinable
    public mutating func append(_ element: Element) {
        if elementCount & (Self.chunkSize - 1) == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append(element)
        elementCount += 1
    }

    /// Inserts `element` at `position`, moving every element after it: in proportion to those.
    @inlinable
    public mutating func insert(_ element: Element, at position: Int) {
        rebuild(from: position) { $0.insert(element, at: 0) }
    }

    /// Removes the element at `position`, moving every element after it: in proportion to those.
    @inlinable @discardableResult
    public mutating func remove(at position: Int) -> Element {
        let removed = self[position]
        rebuild(from: position) { $0.removeFirst() }
        return removed
    }

    /// Takes off the elements from `position` on, changes them by `change`, and appends them again.
    @usableFromInline
    mutating func rebuild(from position: Int, _ change: (inout [Element]) -> Void) {
        let firstChunk = position >> Self.shift
        let chunkStart = firstChunk << Self.shift
        let before = Array(self[chunkStart..<position])
        var after = Array(self[position..<endIndex])
        change(&after)
        chunks.removeLast(chunks.count - firstChunk)
        elementCount = chunkStart
        for element in before { append(element) }
        for element in after { append(element) }
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: Equatable where Element: Equatable {
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension ChunkedArray: ExpressibleByArrayLiteral {
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}
