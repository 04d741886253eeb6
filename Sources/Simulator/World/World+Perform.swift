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

    private func carryOut(_ command: ScenarioCommand) throws {
        switch command {
        case .launch:
            guard !appStatus.isRunning else { throw WorldActionError.refused("the app is already running") }
            try launch()
            try settle()
        case .quit:
            try quit()
        case .buy(let productId, let answer):
            let app = try runningApp("buy")
            try record(.command, from: .user, to: .app, text: "tap Buy \(productId), then \(answer.rawValue)",
                       transactionId: nil)
            do {
                if let refusal = try app.buy(productId: productId, answer: answer,
                                             canMakePayments: store.canMakePayments) {
                    try record(.note, from: .app, to: .user, text: "refused: \(refusal)", transactionId: nil)
                }
            } catch let crash as AppCrash {
                try crashApp(crash)
            }
        case .restore:
            let app = try runningApp("restore")
            try record(.command, from: .user, to: .app, text: "tap Restore Purchases", transactionId: nil)
            app.restore()
        case .crash:
            try crashNow()
        case .crashAt(let point):
            try arm(point)
        case .powerCut:
            try crashNow(powerCut: true)
        case .powerCutAt(let point):
            try arm(point, powerCut: true)
        case .deliver(let count):
            for _ in 0..<count where try deliverNext() {}
        case .approve(let productId):
            try record(.command, from: .user, to: .store, text: "parent approves \(productId)", transactionId: nil)
            try store.approve(productId: productId, link: self)
        case .decline(let productId):
            try record(.command, from: .user, to: .store, text: "parent declines \(productId)", transactionId: nil)
            try store.decline(productId: productId, link: self)
        case .account(let name):
            try store.signIn(account: name)
            app?.account = name
            try record(.command, from: .user, to: .store, text: "signed in as \(name)", transactionId: nil)
        case .reinstall:
            try reinstall()
        case .network(let online):
            try change("network \(online ? "online" : "offline")") { $0.networkOnline = online }
        case .server(let mode):
            try change("server \(mode.rawValue)") { $0.server = mode }
        case .store(let storeSwitch, let on):
            try setStoreSwitch(storeSwitch, on: on)
        case .advance(let seconds):
            try advance(by: seconds)
        case .strategy(let strategy):
            try change("strategy \(strategy.rawValue)") { $0.strategy = strategy }
        case .expect, .wait:
            break
        case .forge(let forgery):
            try forge(forgery)
        case .serverDisk(let full):
            server.setDiskFull(full)
            try record(.command, from: .user, to: .server, text: full ? "the Server's disk is full" : "the Server's disk has room again",
                       transactionId: nil)
        case .disk(let full):
            diskFull = full
            try record(.command, from: .user, to: .app, text: full ? "the device's disk is full" : "the device's disk has room again",
                       transactionId: nil)
        case .resolve(let productId):
            try record(.command, from: .user, to: .store, text: "resolve the interrupted purchase of \(productId)", transactionId: nil)
            try store.resolve(productId: productId, link: self)
        case .refund(let productId):
            try store.refund(productId: productId, at: now)
            try record(.command, from: .user, to: .store, text: "the Store refunds the latest \(productId)", transactionId: nil)
        case .subscriptionRenewNow(let productId):
            try record(.command, from: .user, to: .store, text: "renew \(productId) now", transactionId: nil)
            try store.renewNow(productId: productId, link: self)
        case .subscriptionExpire(let productId):
            try store.expire(productId: productId, at: now)
            try record(.command, from: .user, to: .store, text: "expire \(productId) now", transactionId: nil)
        case .storeDelete(let transactionId):
            try store.delete(transactionId: transactionId)
            try record(.command, from: .user, to: .store, text: "delete transaction \(transactionId) from the Store", transactionId: transactionId)
        case .storeFail(let reason):
            try store.setSwitches { $0.failPurchases = reason }
            try record(.command, from: .user, to: .store, text: "store fail on: \(reason.explanation)", transactionId: nil)
        case .storeSell(let productId, let on):
            try store.setSwitches { if on { $0.withdrawn.remove(productId) } else { $0.withdrawn.insert(productId) } }
            try record(.command, from: .user, to: .store, text: on ? "the Store sells \(productId)" : "the Store stops selling \(productId)",
                       transactionId: nil)
        case .subscriptionRenew(let productId, let on):
            try store.setAutoRenew(productId: productId, on: on)
            try record(.command, from: .user, to: .store, text: "auto-renew of \(productId) \(on ? "on" : "off")", transactionId: nil)
        }
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
