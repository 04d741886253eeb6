/// What a user may have meant by a word StoreSim does not know: the one or two known words a
/// typo or two away ("did you mean"), and the known words themselves — all of them when they are
/// few, else the closest three — so that an error line teaches the valid values.
public struct NearWords: Sendable, Equatable {
    /// The known words one or two edits away from the unknown one, closest first (at most two).
    public let meant: [String]
    /// The known words the line lists: all of them when they are few, else the closest three.
    public let listed: [String]
    /// Whether `listed` holds every known word.
    public let complete: Bool

    /// How many known words a line lists in full.
    public static let listedInFull = 12

    /// The known words near `word` among `known`, in their given order when all are listed.
    public init(_ word: String, among known: [String]) {
        let ranked = known.enumerated()
            .map { (place: $0.offset, word: $0.element, distance: Self.editDistance(word, $0.element, atMost: .max)) }
            .sorted { ($0.distance, $0.place) < ($1.distance, $1.place) }
        meant = ranked.filter { $0.distance <= 2 && $0.word != word }.prefix(2).map(\.word)
        complete = known.count <= Self.listedInFull
        listed = complete ? known : ranked.prefix(3).map(\.word)
    }

    /// The hint that follows "unknown X 'word'": "; did you mean 'a'? expected one of: a, b, c",
    /// or with many known words "; did you mean 'a'? the closest: a, b, c"; empty when none is known.
    public var hint: String {
        guard !listed.isEmpty else { return "" }
        let guess = meant.isEmpty ? "" : " did you mean " + meant.map { "'\($0)'" }.joined(separator: " or ") + "?"
        return ";" + guess + (complete ? " expected one of: " : " the closest: ") + listed.joined(separator: ", ")
    }

    /// The number of single-character insertions, deletions, substitutions and swaps of two
    /// neighbours that turn `a` into `b` (optimal string alignment), counted only up to `limit`:
    /// anything further is `limit`.
    static func editDistance(_ a: String, _ b: String, atMost limit: Int) -> Int {
        let a = Array(a), b = Array(b)
        guard abs(a.count - b.count) < limit else { return limit }
        guard !a.isEmpty, !b.isEmpty else { return min(max(a.count, b.count), limit) }
        var before = [Int](0...b.count), previous = before, current = before
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return min(previous[b.count], limit)
    }
}
