import Foundation
import IAPClient
import IAPCore
import Storage

extension World {
    /// Carries out one command of the shared vocabulary: scripts, the TUI and chaos all come here.
    /// A command the world declines throws `.refused`; a file or database that fails, `.failed`.
    public func perform(_ command: ScenarioCommand) throws(WorldActionError) {
        if let declaration = command.declaration, declaration.needsApp {
            try runningApp(declaration.syntax.name)
        }
        do {
            try carryOut(command)
            try timeline.reportFailure()
        } catch {
            throw WorldActionError(classifying: error, directory: directory)
        }
    }

    /// Carries out a command as a script line does (CONTRACT.md, "Scenario scripts"): a tap or
    /// a switch acts at once, while earlier messages are still on their way; every other command
    /// first lets the world deliver every message in flight. Scripts, chaos and the matrix come
    /// here; the TUI calls `perform`, since its messages wait for the ticks or for step mode.
    public func performInTurn(_ command: ScenarioCommand) throws(WorldActionError) {
        if command.waitsForQuiet {
            do {
                try settle()
            } catch {
                throw .failed(error)
            }
        }
        try perform(command)
    }

    /// One case a command: its effect on the world, each told on the timeline.
    private func carryOut(_ command: ScenarioCommand) throws {
        switch command {
        case .launch: try launchWithRecovery()
        case .quit: try quit()
        case .buy(let productId, let answer): try buy(productId, answer)
        case .restore: try restorePurchases()
        case .crash: try crashNow()
        case .crashAt(let point): try arm(point)
        case .powerCut: try crashNow(powerCut: true)
        case .powerCutAt(let point): try arm(point, powerCut: true)
        case .disarm: try arm(nil)
        case .deliver(let count): for _ in 0..<count where try deliverNext() {}
        case .expect, .wait: break
        case .account(let name): try signIn(name)
        case .reinstall: try reinstall()
        case .network(let online): try change("network \(online ? "online" : "offline")") { $0.networkOnline = online }
        case .server(let mode): try change("server \(mode.rawValue)") { $0.server = mode }
        case .strategy(let strategy): try change("strategy \(strategy.rawValue)") { $0.strategy = strategy }
        case .api(let api): try use(api)
        case .advance(let seconds): try advance(by: seconds)
        case .forge(let forgery): try forge(forgery)
        case .serverDisk(let full): try fillServerDisk(full)
        case .disk(let full): try fillDeviceDisk(full)
        case .store(let storeSwitch, let on): try setStoreSwitch(storeSwitch, on: on)
        case .approve(let productId):
            try tellStore("parent approves \(productId)") { try store.approve(productId: productId, link: self) }
        case .decline(let productId):
            try tellStore("parent declines \(productId)") { try store.decline(productId: productId, link: self) }
        case .resolve(let productId):
            try tellStore("resolve the interrupted purchase of \(productId)") { try store.resolve(productId: productId, link: self) }
        case .subscriptionRenewNow(let productId):
            try tellStore("renew \(productId) now") { try store.renewNow(productId: productId, link: self) }
        case .refund(let productId):
            try storeDid("the Store refunds the latest \(productId)") { try store.refund(productId: productId, at: now) }
        case .subscriptionExpire(let productId):
            try storeDid("expire \(productId) now") { try store.expire(productId: productId, at: now) }
        case .storeDelete(let id):
            try storeDid("delete transaction \(id) from the Store", transactionId: id) { try store.delete(transactionId: id) }
        case .storeFail(let reason):
            try storeDid("store fail on: \(reason.explanation)") { try store.setSwitches { $0.failPurchases = reason } }
        case .storeSell(let productId, let on):
            try storeDid(on ? "the Store sells \(productId)" : "the Store stops selling \(productId)") {
                try store.setSwitches { if on { $0.withdrawn.remove(productId) } else { $0.withdrawn.insert(productId) } }
            }
        case .subscriptionRenew(let productId, let on):
            try storeDid("auto-renew of \(productId) \(on ? "on" : "off")") { try store.setAutoRenew(productId: productId, on: on) }
        }
    }

    /// Tells the timeline what the user asks of the Store, then asks it.
    private func tellStore(_ text: String, _ action: () throws -> Void) throws {
        try record(.command, from: .user, to: .store, text: text, transactionId: nil)
        try action()
    }

    /// Has the Store do something, then tells the timeline it was done.
    private func storeDid(_ text: String, transactionId: TransactionID? = nil, _ action: () throws -> Void) throws {
        try action()
        try record(.command, from: .user, to: .store, text: text, transactionId: transactionId)
    }

    private func launchWithRecovery() throws {
        guard !appStatus.isRunning else { throw WorldActionError.refused("the app is already running") }
        try launch()
        try settle()
    }

    private func buy(_ productId: String, _ answer: SheetAnswer) throws {
        let app = try runningApp("buy")
        try record(.command, from: .user, to: .app, text: "tap Buy \(productId), then \(answer.rawValue)", transactionId: nil)
        do {
            if let refusal = try app.buy(productId: productId, answer: answer, canMakePayments: store.canMakePayments) {
                try record(.note, from: .app, to: .user, text: "refused: \(refusal)", transactionId: nil)
            }
        } catch let crash as AppCrash {
            try crashApp(crash)
        }
    }

    private func restorePurchases() throws {
        let app = try runningApp("restore")
        try record(.command, from: .user, to: .app, text: "tap Restore Purchases", transactionId: nil)
        app.restore()
    }

    private func signIn(_ name: String) throws {
        try store.signIn(account: name)
        app?.account = name
        try record(.command, from: .user, to: .store, text: "signed in as \(name)", transactionId: nil)
    }

    private func fillServerDisk(_ full: Bool) throws {
        server.setDiskFull(full)
        try record(.command, from: .user, to: .server, text: full ? "the Server's disk is full" : "the Server's disk has room again",
                   transactionId: nil)
    }

    private func fillDeviceDisk(_ full: Bool) throws {
        diskFull = full
        try record(.command, from: .user, to: .app, text: full ? "the device's disk is full" : "the device's disk has room again",
                   transactionId: nil)
    }

    /// The app, when it runs; commands that need it are refused while it is down.
    @discardableResult
    private func runningApp(_ command: String) throws(WorldActionError) -> PurchaseService {
        guard let app, appStatus.isRunning else {
            throw .refused("'\(command)' needs the running app, and the app is \(appStatus.text); use 'launch' first")
        }
        return app
    }

    private func setStoreSwitch(_ storeSwitch: ScenarioCommand.StoreSwitch, on: Bool) throws {
        switch storeSwitch {
        case .askToBuy: try store.setSwitches { $0.askToBuy = on }
        case .fail: try store.setSwitches { $0.failPurchases = on ? .unknown : nil }
        case .payments: try store.setSwitches { $0.paymentsAllowed = on }
        case .interrupt: try store.setSwitches { $0.interruptPurchases = on }
        case .productRequests: try store.setSwitches { $0.productRequestsAnswered = on }
        }
        try record(.command, from: .user, to: .store, text: "store \(storeSwitch.rawValue) \(on ? "on" : "off")",
                   transactionId: nil)
    }

    /// Deletes the app and its data (the cache); the Store and the Server keep theirs; then
    /// launches the new install.
    private func reinstall() throws {
        if appStatus.isRunning {
            try quit()
        }
        try record(.command, from: .user, to: .app, text: "delete the app and its data, then install it again",
                   transactionId: nil)
        if FileManager.default.fileExists(atPath: directory.appFolder) {
            try FileManager.default.removeItem(atPath: directory.appFolder)
            try DurableFile.syncDirectory(containing: directory.appFolder)
        }
        try directory.create()
        try launch()
        try settle()
    }
}
