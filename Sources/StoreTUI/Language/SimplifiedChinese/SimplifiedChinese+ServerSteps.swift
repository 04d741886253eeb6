import IAPCore

extension SimplifiedChinese {
    /// A step the Server took on its own, in Simplified Chinese, its grants and reasons too.
    static func words(_ step: ServerStep) -> String {
        switch step {
        case .verifiedOffline(let id): "已离线验证签名交易 tx \(id)：证书链通向固定的根证书，ES256 签名有效"
        case .askOtherEndpoint(let status, let other): "\(status.rawValue)：改问 \(other.rawValue) 端点"
        case .answered(let answer): words(answer)
        case .credited(let id, let grant): "入账 tx \(id)：\(words(grant))"
        case .creditedFromReceipt(let id, let grant): "按收据入账 tx \(id)：\(words(grant))"
        case .creditedFromHistory(let id, let grant): "按交易历史为 tx \(id) 入账：\(words(grant))"
        case .creditedFromNotification(let id, let type, let grant): "按通知 \(type.rawValue) 为 tx \(id) 入账：\(words(grant))"
        case .notificationNotVerified(let uuid, let reason): "通知 \(uuid) 未通过验证：\(words(reason))；不回复 HTTP 200，商店会重试"
        case .couldNotSave(let problem): "服务器无法保存：\(words(problem))"
        case .refundTakesBack(let id, let taken): "tx \(id) 已退款：服务器收回 \(ServerStep.taken(taken))"
        case .reversalGrantsAgain(let id, let given): "tx \(id) 的退款已撤销：服务器重新发放 \(ServerStep.taken(given))"
        case .outsideServer(let id, let url, let reply):
            "外部服务器 \(url)：" + (id.map { "验证 tx \($0) → " } ?? "") + words(reply)
        }
    }
}

extension SimplifiedChinese {
    /// What an outside server answered, in Simplified Chinese.
    static func words(_ reply: OutsideServerReply) -> String {
        switch reply {
        case .credited: "已入账"
        case .alreadyCredited: "此前已入账"
        case .rejected(let reason): "拒绝：\(reason)"
        case .noAnswer(let what): "\(what)：没有 App 可用的回答，稍后再问"
        case .notInProtocol(let what): what
        }
    }
}
