extension SimplifiedChinese {
    /// The Simplified Chinese wording of the worlds' phrases.
    static func text(_ phrase: WorldPhrase) -> String {
        switch phrase {
        case .worldsTitle: "世界"
        case .yourWorld: "你的世界 {1}"
        case .freshWorld: "新世界 {1}"
        case .lessonWorld: "第 {1} 课：{2}"
        case .nothingLost: "无丢失"
        case .lost: "丢失 {1}"
        case .crashIsReal: "你的世界：崩溃会真正结束 StoreSim；再次运行 storesim 可看到下一次启动。"
        case .crashStaysHere: "新世界和课程：崩溃只在本进程内发生；o 重新启动 App。"
        case .temporaryNote: "它们是临时的：退出时删除。你的世界保持原样。"
        case .headerFreshWorld: "世界 {1}"
        case .headerLesson: "第 {1} 课"
        case .headerServed: "你的世界，服务于 {1}"
        case .lessonsLine: "课程（各在一个新世界中）：{1}"
        case .freshWorldOpened: "新世界 {1}：同一目录，尚未购买，默认设置；w 列出各世界。"
        case .worldShown: "正在显示{1}。"
        case .worldNotOpened: "无法打开新世界：{1}"
        case .tooManyWorlds: "已打开 {1} 个世界，面板最多列出这么多：退出后重新开始。"
        case .crashedInProcess: "App 已崩溃。o 重新启动它：启动时按策略恢复能恢复的订单。"
        case .alreadyRunning: "App 已在运行。"
        case .launching: "正在启动 App：它检查自己的缓存和 Store 的队列。"
        case .lessonOver: "课程结束（{1} 步）。w 再 1：回到你的世界。q：退出 StoreSim。"
        case .lessonOverStatus: "课程已结束；先按 w 再按 1 回到你的世界。"
        case .serving: "正在 {1} 上提供你的世界：每个请求都显示在它的时间线上；按 q 停止服务。"
        }
    }
}
