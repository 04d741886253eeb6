extension SimplifiedChinese {
    /// The Simplified Chinese wording of the transaction manager.
    static func text(_ phrase: TransactionPhrase) -> String {
        switch phrase {
        case .transactions: "交易"
        case .columnId: "id"
        case .columnProduct: "商品"
        case .columnState: "状态"
        case .columnDate: "日期"
        case .columnFinished: "完成"
        case .columnNotes: "备注"
        case .trial: "试用"
        case .offerIntroductory: "推介"
        case .offerPromotional: "促销"
        case .offerCode: "优惠码"
        case .offerWinBack: "赢回"
        case .renewal: "续期"
        case .restore: "恢复"
        case .familyShared: "家人共享"
        case .interrupted: "已中断"
        case .noAutoRenew: "不自动续期"
        case .renewsAs: "续期为{1}"
        case .proratedRefund: "按比例退款 {1}"
        case .refundedRest: "其余已退款 {1}"
        case .chargedPrice: "扣款 {1}"
        case .selectedNotes: "交易 {1}：{2}"
        case .clearTitle: "清除所有交易"
        case .clearQuestion: "要从商店删除全部 {1} 笔交易吗？"
        case .clearKeys: "y  全部清除        其他任意键  保留"
        case .noTransactions: "还没有交易。"
        case .deleteTitle: "删除交易"
        case .deleteQuestion: "要从商店删除 tx {1}（{2}）吗？"
        case .deleteForGood: "商店会永久忘记它：无法恢复，也不会再次发送。"
        case .deleteKeys: "y  删除        其他任意键  保留"
        }
    }
}
