/// A count with its noun in English, singular for one: `1 purchase`, `3 purchases`.
public enum EnglishCount {
    public static func of(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
