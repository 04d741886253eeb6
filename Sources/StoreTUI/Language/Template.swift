/// A language table's template: literal text with named holes, `{1}` or `{tx}`, each filled in
/// from a value when the text is made.
enum Template {
    /// The template's literal pieces around its holes, and the holes' names in order: there is
    /// always one more literal than holes (the first and last may be empty).
    static func parts(_ template: String) -> (literals: [String], names: [String]) {
        var literals = [""]
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}"),
                  rest[rest.index(after: open)..<close].allSatisfy({ $0.isLetter || $0.isNumber }),
                  close > rest.index(after: open) else {
                literals[literals.count - 1] += rest[...open]
                rest = rest[rest.index(after: open)...]
                continue
            }
            literals[literals.count - 1] += rest[..<open]
            names.append(String(rest[rest.index(after: open)..<close]))
            literals.append("")
            rest = rest[rest.index(after: close)...]
        }
        literals[literals.count - 1] += rest
        return (literals, names)
    }

    /// The template with each hole replaced by `value(name)`; a hole with no value stays as written.
    static func fill(_ template: String, _ value: (String) -> String?) -> String {
        let (literals, names) = parts(template)
        var text = literals[0]
        for (index, name) in names.enumerated() {
            text += value(name) ?? "{\(name)}"
            text += literals[index + 1]
        }
        return text
    }
}
