import Foundation
import IAPCore
import Testing
import TestSupport
@testable import WorldCore

/// `world.json`, written directly, is what Foundation's JSONEncoder (pretty printed, sorted keys)
/// and a newline wrote for the same settings, byte for byte: worlds written before and after read
/// the same. It is rewritten over the temporary the last save left, which is never read.
@Suite struct WorldSettingsFileTests {
    private static func encoderFile(_ settings: WorldSettings) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array(try encoder.encode(settings)) + [10]
    }

    /// Every choice of every setting, with clocks from the epoch to the largest the world allows.
    private static var everySetting: [WorldSettings] {
        var all: [WorldSettings] = []
        for strategy in Strategy.allCases {
            for api in StoreKitAPI.allCases {
                for server in WorldSettings.ServerMode.allCases {
                    for (online, clock) in [(true, SimulatedTime.millisRange.lowerBound), (false, SimulatedTime.millisRange.upperBound),
                                            (true, SimulatedTime.millis(SimulatedTime.epoch) + 1_810)] {
                        var settings = WorldSettings()
                        settings.strategy = strategy
                        settings.api = api
                        settings.server = server
                        settings.networkOnline = online
                        settings.clockMillis = clock
                        all.append(settings)
                    }
                }
            }
        }
        var early = WorldSettings()
        early.noteEarlyFinish(1_000_000_000_000_002, under: .finishFirst)
        all.append(early)
        early.noteEarlyFinish(1_000_000_000_000_001, under: .finishThenCache)
        all.append(early)
        var outside = WorldSettings()
        outside.serverURL = "http://127.0.0.1:8080/shop/\"quoted\""
        all.append(outside)
        for strategy in Strategy.allCases {
            var play = WorldSettings()
            play.store = .play
            play.strategy = strategy
            all.append(play)
        }
        return all
    }

    @Test func theFileIsWhatTheEncoderWrites() throws {
        for settings in Self.everySetting {
            #expect(String(decoding: settings.fileBytes, as: UTF8.self) == String(decoding: try Self.encoderFile(settings), as: UTF8.self))
        }
    }

    @Test func whatIsSavedIsReadBackAndATornTemporaryIsNeverRead() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("world.json")
        var last = WorldSettings()
        for settings in Self.everySetting.prefix(12) + Self.everySetting.suffix(2) {
            try settings.save(path: path)
            #expect(try WorldSettings.load(path: path) == settings)
            last = settings
        }
        #expect(try String(contentsOfFile: path + ".tmp", encoding: .utf8).hasPrefix("{\n  \"api\" : "), "the previous save")
        try Data("{\n  \"api\" : \"stor".utf8).write(to: URL(fileURLWithPath: path + ".tmp"))
        #expect(try WorldSettings.load(path: path) == last)
    }
}
