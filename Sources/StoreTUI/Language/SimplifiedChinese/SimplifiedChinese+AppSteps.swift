import IAPCore

extension SimplifiedChinese {
    /// A step the app took on its own, in Simplified Chinese.
    static func words(_ step: AppStep) -> String {
        switch step {
        case .couldNotKeepReceipt(let problem): "无法保存收据：\(problem)"
        case .savedPendingOrder(let id): "保存待处理订单 tx \(id)"
        case .couldNotSavePendingOrder(let problem): "无法保存待处理订单：\(problem)"
        case .setAsidePendingOrder(let id, let reason): "搁置待处理订单 tx \(id)：\(words(reason))"
        case .couldNotSetAsidePendingOrder(let problem): "无法搁置待处理订单：\(problem)"
        case .removedPendingOrder(let id): "移除待处理订单 tx \(id)"
        case .couldNotRemovePendingOrder(let problem): "无法移除待处理订单：\(problem)"
        case .subscriptionStatusUnread(let reason): "无法读取订阅状态（\(words(reason))）；访问权限保持 Transaction.currentEntitlements 所示"
        case .offerNotSignedByServer(let offerId): "服务器未签名优惠 \(offerId)；没有向商店发送任何内容"
        case .buyRefused(.paymentsNotAllowed): "已拒绝：此设备无法付款（canMakePayments 为 false）；没有向商店发送任何内容"
        case .buyRefused(.alreadyInProgress(let productId)): "已拒绝：\(productId) 的购买已在进行中；这次轻点被忽略"
        case .buyRefused(.productsUnavailable(let reason)): "已拒绝：商品无法加载（\(words(reason))）；请重新启动 App 再试"
        case .buyRefused(.unknownProduct(let productId)): "已拒绝：\(productId) 不出售（商店报告它是无效的商品标识符）"
        case .verifiedOnDevice(let id): "StoreKit 已验证 tx \(id)：.verified"
        case .unverifiedOnDevice(let id, let reason): "StoreKit 无法验证 tx \(id)：.unverified（\(words(reason))）；App 不交付任何内容"
        case .revoked(let id, let productId): "Transaction.updates：tx \(id) 已被撤销；App 不再提供 \(productId)"
        case .stoppedBeforeFinishing(let productId): "\(productId) 的购买在完成交易前停下；商店队列为下次启动保留它"
        case .powerCut(0): "断电：每次缓存写入都已 fsync；没有丢失任何内容"
        case .powerCut(let lost): "断电：缓存中 \(lost) 字节未同步，没有写到磁盘"
        }
    }

    /// Why the app set a pending order aside (`SetAsideReason.english`).
    static func words(_ reason: SetAsideReason) -> String {
        switch reason {
        case .rejected(let status): "\(status.rawValue) \(words(status))"
        case .refused(let refusal): "服务器拒绝：\(words(refusal))"
        case .unverified(let status, let reason): "\(status.name)：\(words(reason))"
        }
    }
}
