import IAPCore

/// How the interface shows a Store switch (declared in IAPCore), in each language it speaks: its
/// label in the header's second row and in the faults panel, and the words the panel shows for
/// its values. Every declared switch has its entry in `table`.
struct SwitchWording: Sendable {
    /// Its label in the header's second row, before its value; nil when the header leaves it out.
    let headerLabel: Wording?
    /// True when the header shows it only while it is not normal.
    let headerHidesNormal: Bool
    /// Its line in the faults panel.
    let panelLabel: Wording
    /// Words the faults panel shows for a value instead of the interface's on and off.
    let panelWords: [StoreSwitch.Value: Wording]

    private init(header: Wording?, hidesNormal: Bool = false, panel: Wording, values: [StoreSwitch.Value: Wording] = [:]) {
        headerLabel = header
        headerHidesNormal = hidesNormal
        panelLabel = panel
        panelWords = values
    }

    /// The words of `storeSwitch`; for a switch left out of `table`, its script word in the panel.
    static func of(_ storeSwitch: StoreSwitch) -> SwitchWording {
        table[storeSwitch] ?? SwitchWording(header: nil, panel: Wording(storeSwitch.name, simplifiedChinese: storeSwitch.name))
    }

    private static let answered: [StoreSwitch.Value: Wording] = [
        .on: Wording("answered", simplifiedChinese: "有应答"), .off: Wording("failing", simplifiedChinese: "失败"),
    ]

    /// Each declared switch's words.
    static let table: [StoreSwitch: SwitchWording] = [
        .askToBuy: SwitchWording(header: Wording("ask", simplifiedChinese: "购买前询问"),
                                 panel: Wording("store ask-to-buy", simplifiedChinese: "商店：购买前询问")),
        .interrupt: SwitchWording(header: Wording("interrupt", simplifiedChinese: "中断"),
                                  panel: Wording("store interrupt purchases", simplifiedChinese: "商店：中断购买")),
        .fail: SwitchWording(header: Wording("fail", simplifiedChinese: "失败"),
                             panel: Wording("store fail purchases", simplifiedChinese: "商店：购买失败")),
        .payments: SwitchWording(header: Wording("pay", simplifiedChinese: "付款"),
                                 panel: Wording("store payments", simplifiedChinese: "商店：允许付款")),
        .productRequests: SwitchWording(header: nil, panel: Wording("store product requests", simplifiedChinese: "商店：商品请求"),
                                        values: answered),
        .sync: SwitchWording(header: Wording("sync", simplifiedChinese: "同步"), hidesNormal: true,
                             panel: Wording("store restore and sync", simplifiedChinese: "商店：恢复与同步"), values: answered),
        .deviceVerification: SwitchWording(
            header: Wording("device check", simplifiedChinese: "设备验证"), hidesNormal: true,
            panel: Wording("store device verification", simplifiedChinese: "商店：设备验证"),
            values: [.on: Wording("verified", simplifiedChinese: "通过"), .off: Wording("invalid signature", simplifiedChinese: "签名无效")]),
        .subscriptionStatus: SwitchWording(header: Wording("sub status", simplifiedChinese: "订阅状态"), hidesNormal: true,
                                           panel: Wording("store subscription status", simplifiedChinese: "商店：订阅状态"), values: answered),
        .gracePeriod: SwitchWording(
            header: Wording("grace", simplifiedChinese: "宽限期"), hidesNormal: true,
            panel: Wording("store billing grace period", simplifiedChinese: "商店：账单宽限期"),
            values: Dictionary(uniqueKeysWithValues: StoreSwitch.gracePeriodLengths.map {
                (StoreSwitch.Value.named($0), Wording($0, simplifiedChinese: "\($0.dropLast()) 天"))
            })),
        .environment: SwitchWording(
            header: Wording("env", simplifiedChinese: "环境"), hidesNormal: true,
            panel: Wording("store environment", simplifiedChinese: "商店：环境"),
            values: [.named("production"): Wording("production", simplifiedChinese: "生产"),
                     .named("sandbox"): Wording("sandbox", simplifiedChinese: "沙盒")]),
        .verifyReceipt: SwitchWording(
            header: Wording("verify", simplifiedChinese: "验证"), hidesNormal: true,
            panel: Wording("store verifyReceipt", simplifiedChinese: "商店：verifyReceipt"),
            values: [.named("up"): Wording("up", simplifiedChinese: "正常"), .named("down"): Wording("down", simplifiedChinese: "宕机"),
                     .named("temporary-issue"): Wording("temporary-issue", simplifiedChinese: "临时问题")]),
        .serverAPI: SwitchWording(
            header: Wording("server API", simplifiedChinese: "服务器 API"), hidesNormal: true,
            panel: Wording("store App Store Server API", simplifiedChinese: "商店：App Store 服务器 API"),
            values: [.named("normal"): Wording("normal", simplifiedChinese: "正常"), .named("down"): Wording("down", simplifiedChinese: "宕机"),
                     .named("rate-limited"): Wording("rate-limited", simplifiedChinese: "限流"),
                     .named("slow"): Wording("slow", simplifiedChinese: "缓慢")]),
        .timeRate: SwitchWording(
            header: Wording("rate", simplifiedChinese: "时间流速"), hidesNormal: true,
            panel: Wording("store time rate", simplifiedChinese: "商店：时间流速"),
            values: Dictionary(uniqueKeysWithValues: TimeRate.allCases.map { (.named($0.rawValue), $0.shortWording) })),
    ]
}

extension StoreSwitch {
    /// Its label in the header's second row, before its value; nil when the header leaves it out.
    var headerLabel: Wording? { SwitchWording.of(self).headerLabel }
    /// True when the header shows it only while it is not normal.
    var headerHidesNormal: Bool { SwitchWording.of(self).headerHidesNormal }
    /// Its line in the faults panel.
    var panelLabel: Wording { SwitchWording.of(self).panelLabel }
    /// Words the faults panel shows for a value instead of the interface's on and off.
    var panelWords: [Value: Wording] { SwitchWording.of(self).panelWords }
}
