import Foundation
import IAPCore
import PlayEngine
import Storage
import Testing

@Suite("Google Play's database file")
struct PlayDatabaseFileTests {
    private let world: PlayWorld

    init() throws {
        world = try PlayWorld()
    }

    private var path: String { world.path }

    /// Every kind of purchase Play keeps: acknowledged, consumed, pending, canceled, voided, with
    /// and without an account id.
    private static func buyEveryKind(in world: PlayWorld) throws {
        let play = world.play
        let pro = try world.buy(PlayWorld.pro, obfuscatedAccountId: "a3f9")
        try play.acknowledge(token: pro.purchaseToken, by: .server, now: PlayWorld.at(hours: 1))
        let coins = try world.buy(PlayWorld.coins)
        try play.consume(token: coins.purchaseToken, by: .app, now: PlayWorld.at(hours: 1))
        try world.buy("com.storesim.gems", mode: .pending)
        let declined = try world.buy("com.storesim.gold", mode: .pending)
        _ = try play.declinePending(token: declined.purchaseToken, now: PlayWorld.at())
        try world.buy("com.storesim.silver", at: PlayWorld.at(hours: 2))
        _ = try play.refundDue(at: PlayWorld.at(hours: 74))
    }

    @Test func aNewFileIsAWriteAheadLoggedDatabaseOfTheNewestVersion() throws {
        #expect(world.play.isNew)
        let file = try SQLiteDatabase(path: path, readOnly: true)
        #expect(try file.query("PRAGMA journal_mode").first?.value("journal_mode") == .text("wal"))
        #expect(try file.query("PRAGMA user_version").first?.value("user_version") == .integer(8))
    }

    @Test func reopeningKeepsEveryPurchaseAndTheSecret() throws {
        try Self.buyEveryKind(in: world)
        let before = try world.play.records()
        #expect(before.count == 5)
        try world.reopen(seed: 99)
        #expect(world.play.isNew == false)
        #expect(try world.play.records() == before)
        let next = try world.buy(PlayWorld.coins, at: PlayWorld.at(hours: 75))

        let twin = try PlayWorld()
        try Self.buyEveryKind(in: twin)
        #expect(try twin.buy(PlayWorld.coins, at: PlayWorld.at(hours: 75)) == next, "the secret of the first opening, not seed 99's")
    }

    @Test func aDamagedFileIsOneLineNamingTheFileAndIsLeftAsItWas() throws {
        let damaged = world.folder.file("damaged.sqlite")
        let garbage = Data(repeating: 0x5A, count: 8192)
        try garbage.write(to: URL(fileURLWithPath: damaged))
        let error = try #require(throws: PlayError.self) { try PlayStore(path: damaged, seed: 1) }
        guard case .storage(let storage) = error else {
            Issue.record("expected a storage error, got \(error)")
            return
        }
        #expect(storage.path == damaged)
        #expect(error.description.hasPrefix(damaged + ": "))
        #expect(!error.description.contains("\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: damaged)) == garbage)
    }

    @Test func aDatabaseOfAnotherKindIsRefusedNamingItsTable() throws {
        let other = world.folder.file("store.sqlite")
        try SQLiteDatabase(path: other).execute("CREATE TABLE transactions(id INTEGER PRIMARY KEY)")
        let error = try #require(throws: PlayError.self) { try PlayStore(path: other, seed: 1) }
        #expect(error == .storage(StorageError(path: other, reason: .otherSchema(table: "purchases", problem: "missing"))))
    }

    @Test func aRowPlayCannotReadIsAnErrorNamingTheFileAndTheRow() throws {
        let purchase = try world.buy(PlayWorld.pro)
        try SQLiteDatabase(path: path).execute("UPDATE purchases SET state = 'lost'")
        let error = try #require(throws: PlayError.self) { try world.play.queryPurchases(account: "demo", now: PlayWorld.at()) }
        #expect(error == .storage(StorageError(path: path, reason: .unreadableRow(
            table: "purchases", row: "order_number \(purchase.orderId.number)", column: .unknownValue(column: "state", value: "lost")))))
    }

    @Test func aDamagedSecretIsAnErrorNamingTheFile() throws {
        try SQLiteDatabase(path: path).execute("UPDATE settings SET value = 'x' WHERE key = 'secret'")
        let error = try #require(throws: PlayError.self) { try world.reopen() }
        guard case .storage(let storage) = error else {
            Issue.record("expected a storage error, got \(error)")
            return
        }
        #expect(storage.path == path)
    }
}
