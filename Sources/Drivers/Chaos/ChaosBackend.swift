import IAPCore
import StoreEngine
import WorldCore

/// A team's backend that chaos runs against (`chaos --server-url URL`) in place of the built-in
/// Server: each trial's world sends its purchases to `url`, has the identity of the world the
/// backend was set up for, and hands out transaction ids from a range of its own, so that what
/// the backend remembers of one trial is not taken for another's, and its audit judges only the
/// credits of its own ids.
public struct ChaosBackend: Sendable {
    public let url: String
    /// Where the Store posts its notifications, in the runs that draw them on; nil: no run does.
    public let notificationsURL: String?
    public let identity: StoreIdentity
    public let host: any TrialWorldHost
    /// The simulated moment each trial world starts at: that of the world whose identity it has,
    /// so that what it signs falls within that world's certificates, made at a moment of its clock.
    public let startMillis: Int64
    /// The number of the session's first range of ids; trial worlds take the ranges after it.
    public let firstRange: Int64

    /// A backend for one session; `firstRange` is drawn from the system's random source unless
    /// given, so that two sessions against one backend use different ids, whatever their seeds.
    public init(url: String, notificationsURL: String?, identity: StoreIdentity, host: any TrialWorldHost, startMillis: Int64,
                firstRange: Int64 = Int64.random(in: 0..<ChaosBackend.ranges)) {
        self.url = url
        self.notificationsURL = notificationsURL
        self.identity = identity
        self.host = host
        self.startMillis = startMillis
        self.firstRange = firstRange
    }

    /// How many ids each trial world may hand out.
    public static let idsPerWorld: Int64 = 1_000_000
    /// The first id of range 0: the ranges lie above the ids a normal world hands out, and all
    /// have sixteen digits, as Apple's.
    static let firstId: Int64 = TransactionIDRange.worldsOwn.first.value
    /// How many ranges there are: up to the last id of sixteen digits, with room after the last
    /// session's first for as many trials as a session makes.
    public static let ranges: Int64 = 7_000_000_000 - 100_000_000

    /// The ids of the `number`-th world the session makes.
    public func transactionIds(_ number: Int) -> TransactionIDRange? {
        TransactionIDRange(first: TransactionID(Self.firstId + (firstRange + Int64(number)) * Self.idsPerWorld), count: Self.idsPerWorld)
    }

    /// How the `number`-th world the session makes starts: this world's identity, its own ids.
    func origin(_ number: Int) -> StoreOrigin {
        StoreOrigin(identity: identity, transactionIds: transactionIds(number))
    }

    /// Sets the clock of the trial world about to be made in `directory` to `startMillis`.
    func setClock(in directory: DataDirectory) throws(WorldError) {
        var settings = WorldSettings()
        settings.clockMillis = startMillis
        try settings.save(path: directory.settings)
    }

    /// The commands every trial starts with: the app sends its purchases to the backend.
    var commands: [ScenarioCommand] { [.serverURL(url)] }

    /// The commands that send the Store's notifications to the backend, in a run that draws them on.
    func notificationCommands(_ switches: ChaosSwitches) -> [ScenarioCommand] {
        guard switches.notifications, let notificationsURL else { return [] }
        return [.serverNotificationsURL(notificationsURL)]
    }
}
