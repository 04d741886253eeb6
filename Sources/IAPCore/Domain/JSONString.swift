/// JSON string literals, for JSON output and for JSON paths in error messages.
public enum JSONString {
    /// `text` as a JSON string literal, with quotes, backslashes and every hidden character
    /// (`LineText`: controls, DEL, C1, line and paragraph separators) escaped.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where LineText.isHidden(scalar): result += LineText.escape(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Appends `text` as a JSON string literal escaped byte for byte as Foundation's
    /// `JSONEncoder` escapes it (without `.withoutEscapingSlashes`): `"`, `\` and `/` behind a
    /// backslash, the five short control escapes, other controls as `\u00XX`, all else as it is.
    /// For files written directly that `JSONEncoder` wrote before, in the same bytes; the bytes
    /// between two that need escaping are copied as one piece.
    public static func appendEncoderQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                || byte == UInt8(ascii: "/") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                appendEscaped(byte, to: &bytes)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// One byte that needs escaping, escaped as `JSONEncoder` escapes it.
    private static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case 0x08: bytes += Array(#"\b"#.utf8)
        case 0x0C: bytes += Array(#"\f"#.utf8)
        case 0x0A: bytes += Array(#"\n"#.utf8)
        case 0x0D: bytes += Array(#"\r"#.utf8)
        case 0x09: bytes += Array(#"\t"#.utf8)
        case 0x00..<0x20: bytes += Array(#"\u00"#.utf8) + [hexDigit(byte >> 4), hexDigit(byte & 0xF)]
        default: bytes += [UInt8(ascii: "\\"), byte]
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
