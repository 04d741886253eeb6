/// How many terminal columns a character takes: 2 for East Asian wide and full-width
/// characters and most emoji, 0 for combining marks and controls, 1 otherwise. Pure, so that
/// screens render the same whatever the process's locale.
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        return of(scalar: first)
    }

    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func of(scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
            return 0
        }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
