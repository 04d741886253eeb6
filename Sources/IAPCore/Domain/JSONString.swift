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
    /// For files written directly that `JSONEncoder` wrote before, in the same bytes.
    public static func appendEncoderQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes += [UInt8(ascii: "\\"), byte]
            case 0x08: bytes += Array(#"\b"#.utf8)
            case 0x0C: bytes += Array(#"\f"#.utf8)
            case 0x0A: bytes += Array(#"\n"#.utf8)
            case 0x0D: bytes += Array(#"\r"#.utf8)
            case 0x09: bytes += Array(#"\t"#.utf8)
            case 0x00..<0x20: bytes += Array(#"\u00"#.utf8) + [hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
