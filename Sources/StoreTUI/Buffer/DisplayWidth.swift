import CWidth
import Glibc
import IAPCore

/// How many terminal columns a character takes, from the C library's Unicode tables (`wcwidth`
/// under a UTF-8 locale of the calling thread's own, so the process's locale does not matter):
/// 2 for East Asian wide characters and emoji, 0 for combining marks, joiners and controls.
/// A bidirectional control (a right-to-left override) is never sent to the terminal: it is
/// shown escaped, as `<U+202E>`, so that it cannot reorder the text around it.
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        if let escape = escaped(character) { return escape.count }
        guard let first = character.unicodeScalars.first else { return 0 }
        return of(scalar: first)
    }

    public static func of(_ text: String) -> Int {
        isPrintableASCII(text) ? text.utf8.count : text.reduce(0) { $0 + of($1) }
    }

    /// Whether every character of the text is printable ASCII, one column each.
    public static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// The text shown for a bidirectional control character; nil for every other character.
    public static func escaped(_ character: Character) -> String? {
        guard let scalar = character.unicodeScalars.first, LineText.isBidiControl(scalar) else { return nil }
        return "<U+" + String(scalar.value, radix: 16, uppercase: true) + ">"
    }

    static func of(scalar: Unicode.Scalar) -> Int {
        let previous = uselocale(utf8)
        defer { uselocale(previous) }
        return max(0, Int(wcwidth(wchar_t(bitPattern: scalar.value))))
    }

    /// A UTF-8 character-type locale that `wcwidth` reads on this thread only, while it runs.
    nonisolated(unsafe) private static let utf8: locale_t? = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
}
