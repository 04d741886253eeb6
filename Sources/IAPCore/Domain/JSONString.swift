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
    /// `JSONEncoder` escapes it (`ByteWriter.encoderQuoted`): for files written directly that
    /// `JSONEncoder` wrote before, in the same bytes.
    public static func appendEncoderQuoted(_ text: String, to bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes, atMost: 2 + 6 * text.utf8.count) { $0.encoderQuoted(text) }
    }
}
