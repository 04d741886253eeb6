/// A product's title and description in one language, as the Store shows them.
public struct Localization: Sendable, Equatable {
    public let title: String
    public let description: String

    public init(title: String, description: String) {
        self.title = title
        self.description = description
    }
}
