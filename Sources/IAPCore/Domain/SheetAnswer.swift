/// What the user does on the App Store's purchase sheet.
public enum SheetAnswer: String, Sendable, CaseIterable, Codable {
    case confirm
    case cancel
    case ask
}
