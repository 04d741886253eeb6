extension SimplifiedChinese {
    /// The Simplified Chinese wording of the faults panel's own rows.
    static func text(_ phrase: FaultsPhrase) -> String {
        switch phrase {
        case .faults: "故障"
        case .faultNetwork: "网络（App ↔ 服务器）"
        case .faultServer: "服务器"
        case .faultSellSelected: "商店：出售所选商品"
        case .faultSharedSecret: "服务器：共享密钥"
        case .faultVerifyMethod: "服务器：verifyReceipt 请求方法"
        case .faultVerifyFirst: "服务器：先验证的环境"
        case .faultAPI: "接口 {1}"
        case .faultNotifications: "服务器通知 {1}"
        }
    }
}
