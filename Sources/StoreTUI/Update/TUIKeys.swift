/// The interface's keys for help outside it (`storesim help`), from the same bindings the
/// interface carries out.
public enum TUIKeys {
    /// The main screen's keys, each with what it does: `↑↓ select, Enter buy, r restore, …`.
    public static var summary: String {
        KeyMap.main(stepMode: false).bindings.map { "\($0.label) \($0.footer ?? $0.help)" }.joined(separator: ", ")
    }
}
