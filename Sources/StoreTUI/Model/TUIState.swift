import IAPCore
import ReadSide
import WorldCore

/// The interface's own state: which panel is open, what is selected, step mode, the timeline.
public struct TUIState: Sendable, Equatable {
    /// The panel or dialog in front.
    public enum Mode: Sendable, Equatable {
        case main
        case sheet(productId: String)
        case crashMenu
        /// The crash menu's second step: the point at which to cut the power.
        case powerCutMenu
        /// Pick a strategy; the app then relaunches under it.
        case strategyMenu
        case transactions
        /// The transaction manager's selected transaction, its signed transaction decoded.
        case decoded(transactionId: TransactionID)
        /// The transaction manager asks before deleting a transaction from the Store.
        case confirmDelete(transactionId: TransactionID)
        /// The transaction manager asks before clearing every transaction from the Store.
        case confirmClear
        case faults
        /// The faults panel's entry of a URL setting, with the text typed so far.
        case urlEntry(URLEntry)
        case help
        /// The worlds the interface holds: switch to one, or add a fresh one.
        case worlds
        case report(title: String, lines: [String])
    }

    public var columns: Int
    public var rows: Int
    public var mode: Mode = .main
    /// The selected product in the catalog.
    public var selection = 0
    /// The first product the catalog shows: it scrolls so that the selection stays in view.
    public var catalogOffset = 0
    /// The selected row in the transaction manager or the faults panel.
    public var panelSelection = 0
    /// How many lines the decoded signed transaction is scrolled down.
    public var decodedOffset = 0
    /// The lanes (the outside server's, the notifications') are shown beside the timeline on a
    /// wide screen and hidden on a narrow one; `l` turns that the other way.
    public var laneToggled = false
    /// Messages wait for Space when true.
    public var stepMode = false
    /// How many events back from the newest the timeline is scrolled.
    public var timelineOffset = 0
    /// How many events arrived while the timeline was scrolled back.
    public var arrivedWhileScrolled = 0
    /// The newest events, oldest first.
    public var timeline: [Event] = []
    /// While a restore runs: the sequence number of the last event before it began.
    public var restoreSince: Int?
    /// One line about what just happened.
    public var status: String
    /// The catalog localization the titles, descriptions and prices are shown in.
    public var locale: String
    /// The language of every word on screen, chosen once, from the locale.
    public let language: Language
    /// The app was launched and its losses are not yet reported: once the launch settles, a
    /// loss report tells of each lost purchase not reported before.
    public var lossReportDue = true
    /// The lost transactions a loss report already told of.
    public var reportedLosses: Set<TransactionID> = []
    /// The script `storesim play` presents, step by step; nil in the plain interface.
    public var playback: ScriptPlayback?

    /// Where the world the interface opened on is served (`storesim serve --tui`), for the
    /// header; nil when it is not.
    public var servedAt: String?

    /// The worlds the interface holds, the one shown at `currentWorld`.
    public var worlds: [WorldEntry] = []
    public var currentWorld = 0

    /// How many events the interface keeps in memory; older ones stay in the log on disk.
    public static let timelineLimit = 2000

    public init(columns: Int, rows: Int, locale: String = "en_US") {
        self.columns = columns
        self.rows = rows
        self.locale = locale
        language = Language(locale: locale)
        status = language(.welcome)
    }

    /// The smallest screen the layout fits.
    public static let minimumColumns = 80
    public static let minimumRows = 24

    /// Whether the lanes are shown (the outside server's, the notifications'), when the world
    /// has any to show.
    var showsLane: Bool { (columns >= Screen.laneBesideColumns) != laneToggled }

    /// Whether a crash in the world shown ends the process (then nothing after it is drawn).
    var shownWorldCrashIsReal: Bool {
        worlds.indices.contains(currentWorld) && worlds[currentWorld].crashIsReal
    }

    public var isTooSmall: Bool { columns < Self.minimumColumns || rows < Self.minimumRows }

    /// A product's title in the interface's locale, or its id when the catalog does not have it.
    func title(of productId: String, in model: WorldView) -> String {
        model.catalog.product(id: productId)?.title(locale: locale) ?? productId
    }
}
