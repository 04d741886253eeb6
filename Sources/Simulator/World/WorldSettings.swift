import Foundation
import IAPCore
import Storage

/// The world's own settings, kept in `world.json`: the app's strategy, the link and the
/// Server's fault, the simulated clock.
public struct WorldSettings: Codable, Equatable, Sendable {
    /// What the Server does with a request.
    public enum ServerMode: String, Codable, Sendable, CaseIterable {
        case up
        case down
        case dropResponse = "drop-response"
    }

    public var version = 1
    public var strategy: Strategy = .verifyThenFinish
    public var networkOnline = true
    public var server: ServerMode = .up
    public var clockMillis: Int64 = Int64(SimulatedTime.epoch.timeIntervalSince1970 * 1000)

    public init() {}

    /// Reads the settings file; a missing file gives the defaults.
    public static func load(path: String) throws(WorldError) -> WorldSettings {
        let bytes: [UInt8]?
        do {
            bytes = try DurableFile.read(path)
        } catch {
            throw .file(path: path, problem: error.problem)
        }
        guard let bytes else { return WorldSettings() }
        do {
            let settings = try JSONDecoder().decode(WorldSettings.self, from: Data(bytes))
            guard settings.version == 1 else {
                throw WorldError.file(path: path, problem: "unknown settings version \(settings.version)")
            }
            return settings
        } catch let error as WorldError {
            throw error
        } catch {
            throw .file(path: path, problem: "not valid world settings: \(error)")
        }
    }

    /// Writes the settings file durably.
    public func save(path: String) throws(WorldError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            let data = try encoder.encode(self)
            try DurableFile.write(Array(data) + [10], to: path)
        } catch let error as StorageError {
            throw .file(path: error.path, problem: error.problem)
        } catch {
            throw .file(path: path, problem: "cannot encode settings: \(error)")
        }
    }
}
