import Foundation
import IAPCore
import Storage

/// The world's own settings, kept in `world.json`: the store it sells on, the app's strategy and
/// StoreKit generation, the link and the Server's fault, the simulated clock.
public struct WorldSettings: Codable, Equatable, Sendable {
    /// What the Server does with a request.
    public enum ServerMode: String, Codable, Sendable, CaseIterable {
        case up
        case down
        case dropResponse = "drop-response"
    }

    public var version = 1
    /// The store the world sells on, for life; written to the file only for Google Play, so that
    /// an App Store world's file is the one it always was.
    public var store: StoreKind = .appStore
    public var strategy: Strategy = .verifyThenFinish
    /// The StoreKit generation the app uses; a world written before there was a choice used StoreKit 1.
    public var api: StoreKitAPI = .storekit1
    public var networkOnline = true
    public var server: ServerMode = .up
    /// The outside server the app verifies its purchases with (`server url`), `http://` or
    /// `https://`; nil for the built-in Server, and then absent from the file.
    public var serverURL: String?
    public var clockMillis: Int64 = SimulatedTime.millis(SimulatedTime.epoch)
    /// The strategy that finished each transaction the app finished before the Server had
    /// credited it, kept until the Server answers that it credited it: a loss is told under the
    /// strategy that lost it, not the one in force when it is read. Nil when there is none, so
    /// that a world without one writes the file it always wrote.
    public private(set) var finishedEarly: [TransactionID: Strategy]?

    public init() {}

    /// The largest settings file read: a real one is a few hundred bytes.
    static let maximumBytes = 1 << 20

    /// Reads the settings file; a missing file gives the defaults. Every value is checked where
    /// it is read: an error names its JSON path and, for a number, the allowed range.
    public static func load(path: String) throws(WorldError) -> WorldSettings {
        let bytes: [UInt8]?
        do {
            bytes = try DurableFile.read(path, atMost: maximumBytes)
        } catch {
            throw .file(path: path, problem: error.problem)
        }
        guard let bytes else { return WorldSettings() }
        do {
            return try WorldSettings(JSONSettingsObject(Data(bytes)))
        } catch {
            throw .file(path: path, problem: error.description)
        }
    }

    private init(_ object: JSONSettingsObject) throws(JSONPathError) {
        let version = try object.integer("version", in: 1...Int64(Int32.max))
        guard version == 1 else {
            throw JSONPathError(path: "$.version", problem: "unknown settings version \(version) (this storesim knows version 1)")
        }
        store = try object.choice("store", "store", or: .appStore)
        strategy = try Self.strategy(object, on: store)
        api = try object.choice("api", "StoreKit API", or: .storekit1)
        networkOnline = try object.bool("networkOnline")
        server = try object.choice("server", "server mode")
        serverURL = try object.optionalString("serverURL")
        if let serverURL, let problem = OutsideURL.problem(serverURL) {
            throw JSONPathError(path: "$.serverURL", problem: problem)
        }
        clockMillis = try object.integer("clockMillis", in: SimulatedTime.millisRange)
        let members: [(key: String, path: String, value: Strategy)] = try object.choices("finishedEarly", "strategy")
        for member in members {
            guard let id = TransactionID(member.key) else {
                throw JSONPathError(path: member.path, problem: "the key is not a transaction id")
            }
            noteEarlyFinish(id, under: member.value)
        }
    }

    /// The strategy, written in the words of the world's store.
    private static func strategy(_ object: JSONSettingsObject, on store: StoreKind) throws(JSONPathError) -> Strategy {
        guard store == .play else { return try object.choice("strategy", "strategy") }
        let word = try object.optionalString("strategy") ?? ""
        guard let strategy = Strategy.allCases.first(where: { $0.word(on: .play) == word }) else {
            throw JSONPathError(path: "$.strategy", problem: "unknown strategy \(LineText.quoted(word)) on Google Play")
        }
        return strategy
    }

    /// The strategy in force finished transaction `id` before the Server credited it.
    mutating func noteEarlyFinish(_ id: TransactionID, under strategy: Strategy) {
        finishedEarly = (finishedEarly ?? [:]).merging([id: strategy]) { _, new in new }
    }

    /// The Server answered that it credited transaction `id`: no loss is left to tell of it.
    mutating func credited(_ id: TransactionID) {
        guard finishedEarly?[id] != nil else { return }
        finishedEarly?[id] = nil
        if finishedEarly?.isEmpty == true { finishedEarly = nil }
    }

    /// Writes the settings file durably. It is rewritten whenever the clock moves, with every
    /// purchase: over the previous one's temporary, without creating or freeing a file.
    public func save(path: String) throws(WorldError) {
        do {
            try DurableFile.rewrite(fileBytes, to: path)
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
    }

    /// The settings file: byte for byte what Foundation's `JSONEncoder` writes with pretty
    /// printing and sorted keys, and a newline, written directly as the timeline's events are:
    /// the file is rewritten with every purchase.
    public var fileBytes: [UInt8] {
        var bytes = Array("{\n  \"api\" : ".utf8)
        JSONString.appendEncoderQuoted(api.rawValue, to: &bytes)
        bytes += Array(",\n  \"clockMillis\" : \(clockMillis),\n".utf8)
        if let finishedEarly {
            bytes += Array("  \"finishedEarly\" : {\n".utf8)
            let members = finishedEarly.map { (key: $0.key.description, strategy: $0.value) }.sorted { $0.key < $1.key }
            for (index, member) in members.enumerated() {
                bytes += Array("    \"\(member.key)\" : ".utf8)
                JSONString.appendEncoderQuoted(member.strategy.rawValue, to: &bytes)
                bytes += Array((index == members.count - 1 ? "\n" : ",\n").utf8)
            }
            bytes += Array("  },\n".utf8)
        }
        bytes += Array("  \"networkOnline\" : \(networkOnline),\n  \"server\" : ".utf8)
        JSONString.appendEncoderQuoted(server.rawValue, to: &bytes)
        if let serverURL {
            bytes += Array(",\n  \"serverURL\" : ".utf8)
            JSONString.appendEncoderQuoted(serverURL, to: &bytes)
        }
        if store == .play {
            bytes += Array(",\n  \"store\" : ".utf8)
            JSONString.appendEncoderQuoted(store.rawValue, to: &bytes)
        }
        bytes += Array(",\n  \"strategy\" : ".utf8)
        JSONString.appendEncoderQuoted(strategy.word(on: store), to: &bytes)
        bytes += Array(",\n  \"version\" : \(version)\n}\n".utf8)
        return bytes
    }
}

/// `world.json` as Foundation's coders read and write it, as `fileBytes` writes it: the store
/// only on Google Play, the strategy in the store's words.
extension WorldSettings {
    private enum CodingKeys: String, CodingKey {
        case version, store, strategy, api, networkOnline, server, serverURL, clockMillis, finishedEarly
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        store = try container.decodeIfPresent(StoreKind.self, forKey: .store) ?? .appStore
        let word = try container.decode(String.self, forKey: .strategy)
        guard let strategy = Strategy.allCases.first(where: { $0.word(on: store) == word }) else {
            throw DecodingError.dataCorruptedError(forKey: .strategy, in: container, debugDescription: "unknown strategy \(word)")
        }
        self.strategy = strategy
        api = try container.decode(StoreKitAPI.self, forKey: .api)
        networkOnline = try container.decode(Bool.self, forKey: .networkOnline)
        server = try container.decode(ServerMode.self, forKey: .server)
        serverURL = try container.decodeIfPresent(String.self, forKey: .serverURL)
        clockMillis = try container.decode(Int64.self, forKey: .clockMillis)
        finishedEarly = try container.decodeIfPresent([TransactionID: Strategy].self, forKey: .finishedEarly)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        if store == .play { try container.encode(store, forKey: .store) }
        try container.encode(strategy.word(on: store), forKey: .strategy)
        try container.encode(api, forKey: .api)
        try container.encode(networkOnline, forKey: .networkOnline)
        try container.encode(server, forKey: .server)
        try container.encodeIfPresent(serverURL, forKey: .serverURL)
        try container.encode(clockMillis, forKey: .clockMillis)
        try container.encodeIfPresent(finishedEarly, forKey: .finishedEarly)
    }
}
