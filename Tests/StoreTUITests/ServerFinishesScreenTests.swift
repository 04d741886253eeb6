import Testing
@testable import StoreTUI

/// The fifth strategy on the screen: `m` `5` relaunches the app under server-finishes, the menu
/// then marks it, a purchase shows the Server's Finish Transaction call to the Store on the
/// timeline, and the crash menu marks `finished` as a point the app never reaches.
@Suite struct ServerFinishesScreenTests {
    @Test func theMenuPicksServerFinishesAndAPurchaseShowsTheServersFinish() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("m")), .key(.character("5"))] + .settle
                                            + [.key(.character("m")), .capture, .key(.escape), .key(.enter), .key(.enter)] + .settle
                                            + [.capture, .key(.character("x")), .capture])
        #expect(frames.count == 3)
        try expectFrame(frames[0], "strategy-menu-server-finishes-en-80x24")
        try expectFrame(frames[1], "server-finishes-purchase-en-80x24")
        let timeline = frames[1].timelineText()
        #expect(timeline.contains("credited tx 1000000000000001: +100 coins"))
        #expect(timeline.contains("Finish Transaction tx 1000000000000001"))
        #expect(!timeline.contains("finish transaction 1000000000000001"), "the app never finishes: \(timeline)")
        try expectFrame(frames[2], "crash-menu-server-finishes-en-80x24")
    }

    @Test func theServersFinishIsWordedInChinese() throws {
        let world = try TUIWorld()
        try world.folder.world(seed: 3).perform(.strategy(.serverFinishes))
        let frames = try world.session(.settle + [.key(.enter), .key(.enter)] + .settle + [.capture], locale: "zh_CN")
        try expectFrame(try #require(frames.first), "server-finishes-purchase-zh-Hans-80x24")
    }
}
