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
}
