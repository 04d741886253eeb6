import IAPCore

/// A world the interface holds, as the worlds panel lists it: the one it opened on, or one it
/// added beside it (a fresh world or a lesson's), with what was last seen of it.
public struct WorldEntry: Sendable, Equatable {
    /// Where the world came from.
    public enum Kind: Sendable, Equatable {
        /// The data directory the interface opened on; `realCrash` when a crash there ends the
        /// process by SIGKILL.
        case opened(path: String, realCrash: Bool)
        /// A fresh world `w` then `n` added, numbered from 2 in the order they came.
        case fresh(number: Int)
        /// The world a lesson plays in.
        case lesson(number: Int, title: String)
    }

    public let kind: Kind
    /// The app's strategy, when the world was last shown.
    public var strategy: Strategy
    /// How many purchases the audit counted lost, when the world was last shown.
    public var lost: Int

    public init(kind: Kind, strategy: Strategy, lost: Int = 0) {
        self.kind = kind
        self.strategy = strategy
        self.lost = lost
    }

    /// Whether a crash in this world ends the process.
    var crashIsReal: Bool {
        if case .opened(_, true) = kind { true } else { false }
    }
}
