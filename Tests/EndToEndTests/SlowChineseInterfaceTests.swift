import Foundation
import Glibc
import Testing
import TestSupport

/// The interface in Simplified Chinese, driven in tmux: `--lang zh-Hans` words every screen,
/// the real crash's line and the relaunch's recovery report; `LANG=zh_CN.UTF-8` on a machine
/// without that locale still draws Chinese (the characters fall back to C.UTF-8's).
@Suite(.serialized, .tags(.slow)) struct SlowChineseInterfaceTests {
    @Test func langZhHansBuysCrashesAndReportsTheRecoveryInChinese() throws {
        let folder = try TemporaryFolder()
        let command = "\(StoreSimProcess.binary) --data-dir \(folder.path)/world --lang zh-Hans"
        let first = try TmuxSession(command: command + " --crash-at cached")
        let opened = try first.waitFor("商品：6 个有效，0 个无效")
        #expect(opened.found, "\(opened.screen)")
        for words in ["App：运行中  策略：verify-then-finish  崩溃点：cached", "▶ 100 金币 ", "? 帮助  q 退出"] {
            #expect(opened.screen.contains(words), "\(words)")
        }
        try first.send("Down", "Enter")
        #expect(try first.waitFor("[Enter] 确认   [Esc] 取消   [a] 购买前询问").found)
        try first.send("Enter")
        let crashed = try first.waitFor("EXIT=137")
        #expect(crashed.found, "the crash kills the process with SIGKILL:\n\(crashed.screen)")
        #expect(crashed.screen.contains("storesim：App 在 cached 崩溃：App 已把待处理订单存入缓存。"))

        let second = try TmuxSession(command: command)
        let report = try second.waitFor("现已入账")
        #expect(report.found, "\(report.screen)")
        #expect(report.screen.contains("─ 恢复报告 ─"))
        #expect(report.screen.contains("启动时恢复了 1 笔购买："))
        #expect(report.screen.contains("550 金币（tx 1000000000000001，来自缓存和商店队列）：现已入账"))
        try second.send("Enter")
        #expect(try second.waitFor("服务器账本（1 笔入账）").found)
        try second.send("?")
        #expect(try second.waitFor("─ 帮助 ─").found)
        try second.send("Escape")
        try second.send("q")
        #expect(try second.waitFor("EXIT=0").found)
    }

    @Test func aChineseLangWhoseLocaleIsMissingStillDrawsChinese() throws {
        let missing = try #require(["zh_CN.UTF-8", "zh_XX.UTF-8"].first { name in
            guard let installed = newlocale(LC_CTYPE_MASK, name, nil) else { return true }
            freelocale(installed)
            return false
        }, "a Chinese locale this machine does not have")
        let folder = try TemporaryFolder()
        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(folder.path)/world",
                                      environment: ["LANG": missing, "LC_ALL": ""])
        let screen = try session.waitFor("商品：6 个有效")
        #expect(screen.found, "LANG=\(missing) without the locale blanks the Chinese:\n\(screen.screen)")
        #expect(screen.screen.contains("▶ 100 金币 "), "the catalog draws its wide characters")
        #expect(screen.screen.contains("│商店队列（0）"), "box lines draw too")
        try session.send("q")
        #expect(try session.waitFor("EXIT=0").found)
    }
}
