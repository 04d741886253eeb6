import Foundation
import IAPCore

/// What the clock's stops need of every subscription, kept between stops while nothing else is
/// written to `store.sqlite`: each subscription's latest transaction, when its period ends while
/// it still auto-renews, and the moments it has something due, the last two each in one sorted
/// list. A stop finds what falls due, and the clock its next stop, by a search, and brings up to
/// date only the subscriptions it went through: among many subscribers an advance stops at every
/// renewal, and each stop costs what falls due then, not a walk over every subscription.
struct SubscriptionSchedule {
    /// What one subscription (by its original transaction id) contributes.
    struct Entry {
        let latest: StoreRecord
        /// When its period ends, while it still auto-renews; nil when it does not, or never ends.
        let renewsAt: Date?
        /// The moments it has something due, in milliseconds (`Store.scheduleEntry`).
        let moments: [Int64]
    }

    /// `store.sqlite`'s `totalChanges` when the schedule was last brought up to date.
    var changes: Int64
    /// Whether the Store posted notifications then (a subscription that does not renew still has
    /// its end due, to be told).
    let notificationsOn: Bool
    private(set) var entries: [TransactionID: Entry]
    /// The original id of each latest transaction.
    private var originalIds: [TransactionID: TransactionID]
    /// (when its period ends, original id) of every subscription that still auto-renews, sorted.
    private var renewals: [(at: Date, originalId: TransactionID)]
    /// (moment, original id) of every subscription's moments, sorted.
    private var moments: [(at: Int64, originalId: TransactionID)]
    /// The latest transactions, oldest first, once asked for since the last change.
    private var inOrder: [StoreRecord]?

    init(changes: Int64, notificationsOn: Bool, entries: [TransactionID: Entry]) {
        self.changes = changes
        self.notificationsOn = notificationsOn
        self.entries = entries
        originalIds = Dictionary(entries.map { ($0.value.latest.id, $0.key) }, uniquingKeysWith: { first, _ in first })
        renewals = entries.compactMap { id, entry in entry.renewsAt.map { ($0, id) } }.sorted { $0.at < $1.at }
        moments = entries.flatMap { id, entry in entry.moments.map { ($0, id) } }.sorted { $0.at < $1.at }
    }

    /// Whether it still holds what `store.sqlite` holds.
    func isCurrent(changes: Int64, notificationsOn: Bool) -> Bool {
        self.changes == changes && self.notificationsOn == notificationsOn
    }

    /// Every subscription's latest transaction, oldest first.
    mutating func latest() -> [StoreRecord] {
        if let inOrder { return inOrder }
        let sorted = entries.values.map(\.latest).sorted { $0.id < $1.id }
        inOrder = sorted
        return sorted
    }

    /// The latest transactions of the subscriptions that still auto-renew and whose period has
    /// ended by `now`, oldest first: those the renewal rule goes through at a stop.
    func due(by now: Date) -> [StoreRecord] {
        let end = Self.firstIndex(in: renewals) { $0.at > now }
        return renewals[..<end].compactMap { entries[$0.originalId]?.latest }.sorted { $0.id < $1.id }
    }

    /// The first moment after `millis` that a subscription has something due, if any.
    func nextMoment(after millis: Int64) -> Int64? {
        let index = Self.firstIndex(in: moments) { $0.at > millis }
        return index < moments.count ? moments[index].at : nil
    }

    /// Puts `entry` in the place of what the subscription contributed before.
    mutating func replace(_ originalId: TransactionID, with entry: Entry) {
        if let old = entries[originalId] {
            originalIds[old.latest.id] = nil
            if let at = old.renewsAt, let index = Self.index(of: (at, originalId), in: renewals) {
                renewals.remove(at: index)
            }
            for at in old.moments {
                if let index = Self.index(of: (at, originalId), in: moments) { moments.remove(at: index) }
            }
        }
        entries[originalId] = entry
        originalIds[entry.latest.id] = originalId
        if let at = entry.renewsAt {
            renewals.insert((at, originalId), at: Self.firstIndex(in: renewals) { $0.at > at })
        }
        for at in entry.moments {
            moments.insert((at, originalId), at: Self.firstIndex(in: moments) { $0.at > at })
        }
        inOrder = nil
    }

    /// Marks the latest transaction `id` finished, when it is one.
    mutating func finished(_ id: TransactionID) {
        guard let originalId = originalIds[id], let entry = entries[originalId] else { return }
        entries[originalId] = Entry(latest: entry.latest.with(finished: true), renewsAt: entry.renewsAt, moments: entry.moments)
        inOrder = nil
    }

    /// Stays current through writes that changed nothing it holds, made while `store.sqlite`'s
    /// `totalChanges` went from `before` to `after`; a schedule that was not current stays so.
    mutating func keepCurrent(from before: Int64, to after: Int64) {
        if changes == before { changes = after }
    }

    /// The index of the first element of `sorted` that `isAfter`, which holds of every element
    /// after it too (`count` when none does): a binary search.
    private static func firstIndex<Element>(in sorted: [Element], where isAfter: (Element) -> Bool) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(sorted[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Where `element` is in `sorted`: among those at its moment, the one of its subscription.
    private static func index<Moment: Comparable>(of element: (at: Moment, originalId: TransactionID),
                                                  in sorted: [(at: Moment, originalId: TransactionID)]) -> Int? {
        var index = firstIndex(in: sorted) { $0.at >= element.at }
        while index < sorted.count, sorted[index].at == element.at {
            if sorted[index].originalId == element.originalId { return index }
            index += 1
        }
        return nil
    }
}
