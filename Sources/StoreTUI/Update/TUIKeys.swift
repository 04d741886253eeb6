/// The interface's keys for help outside it (`storesim help`), from the same bindings the
/// interface carries out, in English as the command line speaks.
public enum TUIKeys {
    /// The main screen's keys, each with what it does: `↑↓ select, Enter buy, r restore, …`.
    public static var summary: String {
        let english = Language.english
        return KeyMap.main(stepMode: false).bindings
            .map { "\($0.label(english)) \(english($0.footerWords ?? $0.help))" }.joined(separator: ", ")
    }
}
