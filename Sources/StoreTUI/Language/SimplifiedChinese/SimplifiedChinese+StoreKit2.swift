extension SimplifiedChinese {
    /// The Simplified Chinese wording of what the interface shows of StoreKit 2 and the notifications.
    static func text(_ phrase: StoreKit2Phrase) -> String {
        switch phrase {
        // The notification lane
        case .laneTitle: "商店 → 服务器 通知（{1}）"
        case .laneStanding: "状态"
        case .laneAttempts: "发送"
        case .laneType: "类型"
        case .postInFlight: "传送中"
        case .acknowledged: "已确认"
        case .firstPostAt: "{1} 发送"
        case .retryAt: "{1} 重试"
        case .fetchedByHistory: "由通知历史取回"
        case .givenUp: "已放弃"
        case .laneSummary: "✉ {1}（l 通知栏）"
        case .laneWaiting: "等待 {1}"
        case .laneDone: "完成 {1}"
        case .laneGivenUp: "放弃 {1}"
        case .laneShown: "通知栏显示商店发给服务器的通知及其重试。"
        case .laneHidden: "通知栏已隐藏；时间线占满整个高度。"
        case .laneNothing: "没有通知：脚本打开服务器通知后，商店才会发送。"

        // The app's current entitlements, in the parties panel
        case .currentEntitlements: "  当前权益（currentEntitlements）：{1}"
        case .entitled: "  当前权益：{1}"
        case .nothingEntitled: "无"

        // The decoded signed transaction
        case .decodedTitle: "签名交易 {1}（JWS 解码）"
        case .decodedHeader: "头部：alg {1} · x5c {2} 张证书"
        case .chainLeaf: "叶证书"
        case .chainIntermediate: "中间证书"
        case .chainRoot: "根证书"
        case .verified: "✓ 通过固定根证书的验证：证书链与 ES256 签名"
        case .notVerified: "✗ 未通过固定根证书的验证：{1}"
        case .noPinnedRoot: "没有固定根证书：服务器无从验证"
        case .payload: "载荷"
        case .decodedMore: "PgDn：还有 {1} 行"
        case .notSigned: "只有商店为 StoreKit 2 签名的交易才有可解码的 JWS。"
        }
    }
}
