import Foundation

/// One JSON value at a known path, read as the type the catalog expects there.
struct CatalogField {
    let value: CatalogJSON
    let path: CatalogPath

    /// A string with something in it besides whitespace, on one line: no control characters
    /// (a product id or title is printed in transcripts and on the screen, where an escape
    /// sequence would drive the terminal) and no line breaks.
    func string() throws(CatalogIssue) -> String {
        guard case .string(let text) = value else { throw mismatch("a string") }
        guard !text.allSatisfy(\.isWhitespace) else { throw issue("must not be empty") }
        if let hidden = LineText.firstLineBreaking(in: text) {
            throw issue("must be one line of text, without control characters (found \(hidden))")
        }
        return text
    }

    /// A string on one line, as `string()` requires, that may be empty (an Xcode file leaves a
    /// description it was never given as `""`).
    func text() throws(CatalogIssue) -> String {
        if case .string(let text) = value, text.allSatisfy(\.isWhitespace), LineText.firstLineBreaking(in: text) == nil {
            return ""
        }
        return try string()
    }

    /// A non-empty string without whitespace, such as a product id.
    func identifier() throws(CatalogIssue) -> String {
        let text = try string()
        guard !text.contains(where: \.isWhitespace) else { throw issue("must not contain whitespace") }
        guard !text.contains("#") else { throw issue("must not contain '#': a script's comment starts there, so no script could name it") }
        return text
    }

    /// A string that is an ISO 8601 duration such as `P1M`.
    func duration() throws(CatalogIssue) -> ISODuration {
        let text = try string()
        guard let duration = ISODuration(text) else {
            let isZero = text.contains("0") && !text.contains { $0.isNumber && $0 != "0" }
                && ISODuration(text.replacingOccurrences(of: "0", with: "1")) != nil
            if isZero { throw issue("\(LineText.quoted(text)) is zero; a duration must be at least one day") }
            throw issue("\(LineText.quoted(text)) is not an ISO 8601 duration like P1W, P1M or P1Y (years, months, weeks, days)")
        }
        return duration
    }

    /// A whole number from 1 to `limit`, written without fraction or exponent.
    func positiveInteger(upTo limit: Int) throws(CatalogIssue) -> Int {
        Int(try integer(in: 1...Int64(limit)))
    }

    /// A whole number in `range`, written without fraction, exponent or leading zeros.
    func integer(in range: ClosedRange<Int64>) throws(CatalogIssue) -> Int64 {
        guard case .number(let text) = value else { throw mismatch("a number") }
        let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits == "0" || digits.first != "0",
              let number = Int64(text), range.contains(number) else {
            throw issue("must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// `true` or `false`.
    func bool() throws(CatalogIssue) -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("true or false") }
        return flag
    }

    /// An array, empty or not.
    func elements() throws(CatalogIssue) -> [CatalogField] {
        guard case .array(let elements) = value else { throw mismatch("an array") }
        return elements.enumerated().map { CatalogField(value: $0.element, path: path.index($0.offset)) }
    }

    /// A non-empty array; an empty one is an error with the problem `ifEmpty`.
    func array(ifEmpty problem: String) throws(CatalogIssue) -> [CatalogField] {
        let elements = try elements()
        guard !elements.isEmpty else { throw issue(problem) }
        return elements
    }

    /// Whether the value is JSON's `null`.
    var isNull: Bool {
        if case .null = value { true } else { false }
    }

    /// An object; see `CatalogObject` for `allowedKeys`.
    func object(allowedKeys: [String]? = nil) throws(CatalogIssue) -> CatalogObject {
        try CatalogObject(value, at: path, allowedKeys: allowedKeys)
    }

    /// A problem with this value.
    func issue(_ problem: String) -> CatalogIssue {
        CatalogIssue(path: path, problem: problem)
    }

    private func mismatch(_ expected: String) -> CatalogIssue {
        issue("expected \(expected), found \(value.kind)")
    }
}
