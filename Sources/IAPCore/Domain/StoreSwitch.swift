/// One of the Store's switches that scripts turn with `store NAME on|off`, declared once: its
/// word, the values it takes and which is normal, where `store.sqlite` keeps it, and how the
/// help, the header, the faults panel and chaos show and turn it. The scenario vocabulary, the
/// faults panel, the header and the Store's persistence all read these declarations, so a new
/// switch is one declaration in `all` plus its effect in the Store.
public struct StoreSwitch: Sendable, Hashable, RawRepresentable {
    /// A value a switch takes.
    public enum Value: Sendable, Hashable {
        case off
        case on
        /// On, every purchase failing with this error (`store fail on REASON`).
        case failing(PurchaseError)

        /// The value as scripts, the header and `store.sqlite` write it.
        public var word: String {
            switch self {
            case .off: return "off"
            case .on: return "on"
            case .failing(let error): return error.rawValue
            }
        }
    }

    /// The word after `store` in a script (`store ask-to-buy on`).
    public let name: String
    /// What it does, as a phrase of the help line of `store NAME on|off`.
    public let help: String
    /// The values it takes, in the order the faults panel steps through them; the first is
    /// normal, the value of a new Store.
    public let values: [Value]
    /// The key of `store.sqlite`'s settings that keeps its value.
    public let settingKey: String
    /// Its label in the header's second row; nil when the header leaves it out.
    public let headerLabel: String?
    /// Its line in the faults panel.
    public let panelLabel: String
    /// Words the faults panel shows instead of a value's own.
    public let panelWords: [Value: String]
    /// Its place among the switches chaos draws, nil when chaos leaves it alone; the places keep
    /// the runs a seed makes what they have always been.
    public let chaosPlace: Int?

    /// Every switch, in the order the help, the header and the faults panel list them.
    public static let all: [StoreSwitch] = [askToBuy, interrupt, fail, payments, productRequests]

    public static let askToBuy = StoreSwitch(
        "ask-to-buy", help: "every purchase asks a parent", values: [.off, .on], settingKey: "ask-to-buy",
        headerLabel: "ask", panelLabel: "store ask-to-buy", chaosPlace: 0)
    public static let interrupt = StoreSwitch(
        "interrupt", help: "is interrupted", values: [.off, .on], settingKey: "interrupt",
        headerLabel: "interrupt", panelLabel: "store interrupt purchases", chaosPlace: 3)
    public static let fail = StoreSwitch(
        "fail", help: "fails",
        values: [.off] + [PurchaseError.unknown, .paymentInvalid, .paymentNotAllowed, .networkError].map(Value.failing),
        settingKey: "fail-purchases", headerLabel: "fail", panelLabel: "store fail purchases", chaosPlace: 1)
    public static let payments = StoreSwitch(
        "payments", help: "cannot be paid", values: [.on, .off], settingKey: "payments",
        headerLabel: "pay", panelLabel: "store payments", chaosPlace: 2)
    public static let productRequests = StoreSwitch(
        "product-requests", help: "the products cannot be loaded", values: [.on, .off], settingKey: "product-requests",
        headerLabel: nil, panelLabel: "store product requests", panelWords: [.on: "answered", .off: "failing"])

    private init(_ name: String, help: String, values: [Value], settingKey: String, headerLabel: String?,
                 panelLabel: String, panelWords: [Value: String] = [:], chaosPlace: Int? = nil) {
        self.name = name
        self.help = help
        self.values = values
        self.settingKey = settingKey
        self.headerLabel = headerLabel
        self.panelLabel = panelLabel
        self.panelWords = panelWords
        self.chaosPlace = chaosPlace
    }

    /// The declared switch a script word names.
    public init?(rawValue: String) {
        guard let found = Self.all.first(where: { $0.name == rawValue }) else { return nil }
        self = found
    }

    public var rawValue: String { name }

    public static func == (left: StoreSwitch, right: StoreSwitch) -> Bool {
        left.name == right.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// The value of a new Store.
    public var normal: Value { values.first ?? .off }

    /// The value `store NAME on` gives: the first that is not off.
    public var onValue: Value { values.first { $0 != .off } ?? .on }

    /// The value the faults panel turns it to from `value`.
    public func value(after value: Value) -> Value {
        let next = (values.firstIndex(of: value) ?? 0) + 1
        return values.indices.contains(next) ? values[next] : normal
    }

    /// The value a word kept in `store.sqlite` names; normal for a word it does not take.
    public func value(stored word: String?) -> Value {
        values.first { $0.word == word } ?? normal
    }

    /// How the header shows it: its label and the value's word, in capitals while not normal.
    public func headerText(_ value: Value) -> String? {
        headerLabel.map { "\($0) \(value == normal ? value.word : value.word.uppercased())" }
    }

    /// How the faults panel shows a value.
    public func panelText(_ value: Value) -> String {
        panelWords[value] ?? value.word
    }

    /// The switches chaos draws, in the order it draws them.
    public static var drawnByChaos: [StoreSwitch] {
        all.compactMap { storeSwitch in storeSwitch.chaosPlace.map { ($0, storeSwitch) } }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The help line of `store NAME on|off`: every switch's phrase.
    public static var helpLine: String {
        let phrases = all.map(\.help)
        return (phrases.dropLast() + (phrases.last.map { ["or " + $0] } ?? [])).joined(separator: ", ")
    }
}
