/// A URL being typed for one of the faults panel's URL settings: the text so far and where the
/// cursor stands in it (0 before the first character, `text.count` after the last).
public struct URLEntry: Sendable, Equatable {
    public let setting: URLSetting
    public private(set) var text: [Character]
    public private(set) var cursor: Int

    /// An entry prefilled with `text`, the cursor after its last character.
    public init(_ setting: URLSetting, text: String) {
        self.setting = setting
        self.text = Array(text)
        cursor = self.text.count
    }

    /// Puts `character` at the cursor and moves the cursor past it.
    mutating func insert(_ character: Character) {
        text.insert(character, at: cursor)
        cursor += 1
    }

    /// Deletes the character before the cursor, if there is one.
    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        cursor -= 1
        text.remove(at: cursor)
    }

    /// Moves the cursor `offset` characters, within the text.
    mutating func move(_ offset: Int) {
        cursor = min(max(0, cursor + offset), text.count)
    }

    /// The URL the text names: nil (the built-in Server) when it is empty or the scenario
    /// language's word for none (`built-in`, `off`).
    var url: String? {
        let typed = String(text)
        return typed.isEmpty || typed == setting.noneWord ? nil : typed
    }
}
