extension SimplifiedChinese {
    /// The Simplified Chinese wording of the outside servers' settings, their entry and their lane.
    static func text(_ phrase: OutsidePhrase) -> String {
        switch phrase {
        // The faults panel's URL settings
        case .serverURLSetting: "服务器 URL {1}"
        case .notificationsURLSetting: "通知 URL {1}"
        case .builtIn: "内置"
        case .serverURLKey: "服务器 URL"
        case .serverURLKeyHelp: "App 验证所用外部服务器的 URL（server url），或内置（built-in）"
        case .notificationsURLKey: "通知 URL"
        case .notificationsURLKeyHelp: "商店发送通知的 URL（server notifications url），或关闭（off）"

        // The entry dialog
        case .serverURLTitle: "外部服务器 URL（server url）"
        case .notificationsURLTitle: "通知 URL（server notifications url）"
        case .emptyMeansBuiltIn: "留空：由内置服务器验证 App 的购买（built-in）。"
        case .emptyMeansOff: "留空：商店把通知交给内置服务器（off）。"
        case .applyKey: "应用"
        case .applyHelp: "应用该 URL，与脚本行相同"
        case .cancelHelp: "保持原设置不变"
        case .deleteKey: "删除"
        case .deleteCharacterHelp: "删除光标前的字符"
        case .moveKey: "移动"
        case .moveHelp: "移动光标"
        case .typeHelp: "在光标处输入字符"
        case .urlUnchanged: "未作更改：{1}。"

        // The outside server's lane
        case .outsideLaneTitle: "App → 外部服务器 {1}（{2}）"
        case .request: "请求"
        case .httpResult: "HTTP 结果"
        case .noCall: "无调用"
        case .credited: "已入账"
        case .alreadyCredited: "此前已入账"
        case .rejected: "拒绝：{1}"
        case .noAnswer: "{1}：稍后再问"
        case .nothingYet: "尚无请求：App 会把每笔购买发到这里验证。"
        case .outsideLaneShown: "外部服务器栏显示 App 的请求及其 HTTP 结果。"
        case .lanesShown: "两栏显示 App 发给外部服务器的请求和商店的通知。"
        case .lanesHidden: "各栏已隐藏；时间线占满整个高度。"
        case .auditByOutsideServer: "外部服务器入账了什么：storesim audit 会去问它"
        }
    }
}
