import IAPCore
import ScenarioLanguage
import Testing
@testable import StoreTUI

/// The header names the outside server the app verifies with (`server url`), beside the
/// network and the Server's fault, in both languages.
@Suite struct OutsideServerScreenTests {
    @Test func theHeaderNamesTheOutsideServerAndItsURL() throws {
        let tui = try TUIWorld()
        let world = try tui.folder.world(catalog: tui.catalog, seed: 3)
        try world.perform(.serverURL("http://127.0.0.1:8080"))
        let frames = try tui.session([.capture])
        #expect(frames[0][1].contains("server up  outside server http://127.0.0.1:8080"), "\(frames[0][1])")
        try world.perform(.serverURL(nil))
        let back = try tui.session([.capture])
        #expect(!back[0][1].contains("outside server"), "\(back[0][1])")
    }
}
