/// One of the Store's switches that scripts turn with `store NAME on|off`, declared once: its
/// word, the values it takes and which is normal, where `store.sqlite` keeps it, and how the
/// help, the header, the faults panel (in each language the interface speaks) and chaos show
/// and turn it. The scenario vocabulary, the
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
    /// Its label in the header's second row, before its value; nil when the header leaves it out.
    public let headerLabel: Wording?
    /// Its line in the faults panel.
    public let panelLabel: Wording
    /// Words the faults panel shows for a value instead of the interface's on and off.
    public let panelWords: [Value: Wording]
    /// Its place among the switches chaos draws, nil when chaos leaves it alone; the places keep
    /// the runs a seed makes what they have always been.
    public let chaosPlace: Int?

    /// Every switch, in the order the help, the header and the faults panel list them.
    public static let all: [StoreSwitch] = [askToBuy, interrupt, fail, payments, productRequests]

    public static let askToBuy = StoreSwitch(
        "ask-to-buy", help: "every purchase asks a parent", values: [.off, .on], settingKey: "ask-to-buy",
        headerLabel: Wording("ask", simplifiedChinese: "购买前询问"),
        panelLabel: Wording("store ask-to-buy", simplifiedChinese: "商店：购买前询问"), chaosPlace: 0)
    public static let interrupt = StoreSwitch(
        "interrupt", help: "is interrupted", values: [.off, .on], settingKey: "interrupt",
        headerLabel: Wording("interrupt", simplifiedChinese: "中断"),
        panelLabel: Wording("store interrupt purchases", simplifiedChinese: "商店：中断购买"), chaosPlace: 3)
    public static let fail = StoreSwitch(
        "fail", help: "fails",
        values: [.off] + [PurchaseError.unknown, .paymentInvalid, .paymentNotAllowed, .networkError].map(Value.failing),
        settingKey: "fail-purchases", headerLabel: Wording("fail", simplifiedChinese: "失败"),
        panelLabel: Wording("store fail purchases", simplifiedChinese: "商店：购买失败"), chaosPlace: 1)
    public static let payments = StoreSwitch(
        "payments", help: "cannot be paid", values: [.on, .off], settingKey: "payments",
        headerLabel: Wording("pay", simplifiedChinese: "付款"),
        panelLabel: Wording("store payments", simplifiedChinese: "商店：允许付款"), chaosPlace: 2)
    public static let productRequests = StoreSwitch(
        "product-requests", help: "the products cannot be loaded", values: [.on, .off], settingKey: "product-requests",
        headerLabel: nil, panelLabel: Wording("store product requests", simplifiedChinese: "商店：商品请求"),
        panelWords: [.on: Wording("answered", simplifiedChinese: "有应答"), .off: Wording("failing", simplifiedChinese: "失败")])

    private init(_ name: String, help: String, values: [Value], settingKey: String, headerLabel: Wording?,
                 panelLabel: Wording, panelWords: [Value: Wording] = [:], chaosPlace: Int? = nil) {
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
