import Foundation
import IAPClient
import IAPCore
import OrderServer
import PlayEngine
import StoreEngine

/// The simulated world: the Store and the Server, the device the app runs on (`AppHost`), the
/// messages between them and the network they cross, the clock, and the timeline. Every face
/// drives it through `perform` (ScenarioLanguage, then the `CommandInterpreter`) and sees it
/// through a `ReadModel` (ReadSide); the parties are reachable only from the package's modules. The parties hold the link (`WorldLink`),
/// never the world: they put messages and notes on it, and the world routes them.
public final class World {
    public let directory: DataDirectory
    public let catalog: Catalog
    package let store: Store
    /// Google Play, in a world that sells there (`settings.store`); nil on the App Store.
    package let play: PlayStore?
    package let server: OrderServer
    public internal(set) var settings: WorldSettings
    /// What this world last wrote to the settings file; nil until it has written it.
    private var savedSettings: WorldSettings?
    let timeline: Timeline
    /// What the parties send and note through, with the queue of messages and the clock.
    let link: WorldLink
    static let millisPerMessage: Int64 = 10
    /// The device the app runs on.
    package let host: AppHost
    /// What the world answers while it waits for a team's backend (`sendOutside`): set by a face
    /// that takes requests of its own, called on the world's thread.
    public var duringOutsideCalls: (() -> Void)?
    /// How many exchanges with a backend are under way: what is answered meanwhile sets nothing
    /// else moving until they end.
    var outsideCallDepth = 0

    /// Opens the world in `directory` (creating what is missing), with the given catalog. A
    /// world created now draws its keys from the system's random source, or derives them from
    /// `seed` when one is given (public test keys, for byte-identical runs), or takes another
    /// world's identity and a range of ids of its own from `origin` (on Google Play, order ids
    /// and purchase tokens of its own: `playSeed`); it starts with the
    /// Store switches the catalog's settings turn on, and its timeline says so first; `onEvent`
    /// hears that event too. A world made now sells on `store` (the App Store when nil); an
    /// existing one keeps the store it was made for, and naming the other is refused.
    public init(directory: DataDirectory, catalog: Catalog, seed: UInt64?, origin: StoreOrigin = StoreOrigin(),
                unsafeCache: Bool = false, store kind: StoreKind? = nil, onEvent: ((Event) -> Void)? = nil) throws(WorldError) {
        self.directory = directory
        self.catalog = catalog
        let existed = FileManager.default.fileExists(atPath: directory.storeDatabase)
        try directory.create()
        settings = try WorldSettings.load(path: directory.settings)
        try Self.keep(kind, existed: existed, in: &settings, directory)
        try StoreHistoryCheck.check(directory, sellsOn: settings.store)
        do {
            store = try Store(path: directory.storeDatabase, catalog: catalog, seed: seed, origin: origin)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        do {
            server = try OrderServer(path: directory.serverDatabase, catalog: catalog)
        } catch {
            throw .file(path: directory.serverDatabase, problem: error.storage.problem)
        }
        play = try Self.openPlay(settings.store, directory, seed: Self.playSeed(seed, origin: origin), catalog: catalog)
        try StoreHistoryCheck.stamp(store, server, in: directory)
        try Self.setUp(server, from: store, in: directory)
        timeline = try Timeline(path: directory.events)
        timeline.store = settings.store
        timeline.onEvent = onEvent
        link = WorldLink(timeline: timeline, nowMillis: max(settings.clockMillis, timeline.lastTimeMillis))
        host = AppHost(link: link, directory: directory, catalog: catalog, store: store, sellsOn: settings.store, unsafeCache: unsafeCache)
        let commands = catalog.settings.switchCommands
        try tellTheStore()
        if store.isNew && !commands.isEmpty {
            try record(.command, from: .user, to: .store, what: .user(.catalogSettings(commands)), transactionId: nil)
        }
        try configureStoreKit()
    }

    /// The simulated time now.
    public var now: Date { link.now }

    /// The simulated clock, in milliseconds since 1970: moved by deliveries and by `World+Clock`.
    var nowMillis: Int64 {
        get { link.nowMillis }
        set { link.nowMillis = newValue }
    }

    /// Messages on their way, oldest first.
    public var messagesInFlight: ArraySlice<Message> { link.queue.inFlight }

    /// True when no message is on its way.
    var isQuiet: Bool { link.queue.isEmpty }

    /// Whether a message is on its way to the Server.
    var messageToServerInFlight: Bool { link.queue.toServer > 0 }

    /// Called with every event as it is recorded (the transcript, the TUI).
    public var onEvent: ((Event) -> Void)? {
        get { timeline.onEvent }
        set { timeline.onEvent = newValue }
    }

    // MARK: Commands

    /// Carries out one command of the shared vocabulary: scripts, the TUI and chaos all come here,
    /// through `perform` and `performInTurn` (ScenarioLanguage), which read the command's
    /// declaration: `appCommand` names a command that needs the app running, nil for one that
    /// does not. A command the world declines throws `.refused`; a file or database that fails, `.failed`.
    package func carryOut(_ command: ScenarioCommand, needingApp appCommand: String?) throws(WorldActionError) {
        defer { keepBooksOfSentMessages() }
        try CommandInterpreter(world: self).perform(command, needingApp: appCommand)
    }

    // MARK: Running the world

    /// Delivers the next message, whose receiver makes what it did durable before this
    /// returns; returns false when none is waiting.
    @discardableResult
    public func deliverNext() throws(WorldError) -> Bool {
        try deliver(inRun: false)
    }

    /// Delivers messages until none is in flight, in runs (`deliver(inRun:)`). The delivery that
    /// empties the queue records the recovery report, once a launch has an outcome for
    /// everything it found.
    public func settle() throws(WorldError) {
        try deliverAll()
        try saveSettings()
    }

    /// Delivers every message in flight, in runs.
    func deliverAll() throws(WorldError) {
        while try deliver(inRun: true) {}
    }

    /// Delivers the next message. `inRun`, consecutive messages to one party are a run that the
    /// party makes durable once, at its end (group commit): the run ends before a message to
    /// another party, or a crash, is delivered, so no reply of the run arrives before its commit.
    /// The run's events are written to the log together, before anything the run changed is
    /// (`Timeline.hold`): before its commit, and before any write of the app or of the Store's
    /// notifications outside the run's batch.
    private func deliver(inRun: Bool) throws(WorldError) -> Bool {
        guard let sent = link.queue.next() else { return false }
        defer { keepBooksOfSentMessages() }
        let message = sent.message
        nowMillis += Self.millisPerMessage
        do {
            try beginRun(for: message.to)
            try route(sent)
            if message.to != .store && store.notificationsOn {
                try timeline.writeHeld()
            }
            try postNotifications()
        } catch {
            try? endRun()
            throw error
        }
        if !inRun || link.queue.inFlight.first?.to != message.to || link.arming.pending != nil {
            try endRun()
        }
        try timeline.reportFailure()
        try afterDelivery()
        return true
    }

    // MARK: Settings and the clock

    /// Changes the world's settings and keeps them on disk.
    public func change(_ action: UserAction, _ update: (inout WorldSettings) -> Void) throws(WorldError) {
        keepBooksOfSentMessages()
        update(&settings)
        host.app?.strategy = settings.strategy
        try tellTheServerWhoAcknowledges()
        try record(.command, from: .user, to: nil, what: told(action), transactionId: nil)
        try saveSettings()
    }

    /// Switches the app to a generation of StoreKit, kept in the world's settings.
    public func use(_ api: StoreKitAPI) throws(WorldError) {
        try change(.api(api)) { $0.api = api }
        try configureStoreKit()
        host.app?.use(api, trustedRoot: store.rootCertificate)
    }

    /// The Store serves the app's StoreKit: under StoreKit 2 it signs every transaction it
    /// issues (making its certificate chain the first time), and once the Store has a chain the
    /// Server pins its root certificate, as a server operator downloads and pins Apple's.
    private func configureStoreKit() throws(WorldError) {
        do {
            try store.serve(settings.api, from: now)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        server.pin(root: store.rootCertificate)
    }

    /// `server notifications on|off`: the Store posts App Store Server Notifications V2 to the
    /// Server, signed with its chain, whose root the Server pins.
    func notifications(_ on: Bool) throws(WorldError) {
        guard play == nil else { return try rtdn(on) }
        do {
            try store.setNotifications(on, from: now)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        try record(.command, from: .user, to: .server, what: .user(.serverNotifications(on: on)), transactionId: nil)
        try configureStoreKit()
    }

    /// The Store posts every notification due now: a first attempt, or a retry.
    func postNotifications() throws(WorldError) {
        do {
            try store.postDueNotifications(link: link)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        try pushDueNotifications()
    }

    /// Writes the settings durably, unless the file already holds them: this world wrote them
    /// last (it holds the data directory's lock), so an unchanged save costs no write and no fsync.
    func saveSettings() throws(WorldError) {
        keepBooksOfSentMessages()
        settings.clockMillis = nowMillis
        guard settings != savedSettings else { return }
        try settings.save(path: directory.settings)
        savedSettings = settings
    }

    // MARK: Timeline

    /// Records an event on the timeline.
    public func record(_ kind: Event.Kind, from: Party, to: Party?, what: Happening, transactionId: TransactionID?) throws(WorldError) {
        try link.record(kind, from: from, to: to, what: what, transactionId: transactionId)
    }


    /// Records a message delivered or dropped (with why it never arrived), tied to the event
    /// that recorded it as sent.
    func record(_ kind: Event.Kind, _ sent: SentMessage, reason: DropReason? = nil) throws(WorldError) {
        let message = sent.message
        let what: Happening = reason.map { .notDelivered(sent.said, reason: $0) } ?? .message(sent.said)
        let text = reason.map { "\(sent.summary) ✗ \($0.english)" } ?? sent.summary
        // The Server's copy of a verifyReceipt answer: the JSON it received, kept with its delivery.
        var response: String?
        if kind == .delivered, case .receiptChecked(let result) = message { response = result.responseBody }
        try timeline.record(kind, at: nowMillis, from: message.from, to: message.to, what: what, text: text, subject: message.subject,
                            sentSeq: sent.sentSeq, verifyReceiptResponse: response)
    }

    /// Records a party's note about a message, such as the Server failing to save it.
    func note(_ happening: Happening, from: Party, about message: Message) throws(WorldError) {
        try timeline.record(.note, at: nowMillis, from: from, to: nil, what: happening, subject: message.subject)
    }
}
