import Foundation
import IAPCore

/// What the clock's stops need of every subscription, kept between stops while nothing else is
/// written to `store.sqlite`: each subscription's latest transaction, when its period ends while
/// it still auto-renews, the moments it has something due and the ends the Server may be told
/// of, each kind in one sorted list. A stop finds what falls due, the ends to tell and the
/// clock's next stop by a search, and brings up to date only the subscriptions it went through:
/// among many subscribers an advance stops at every renewal, and each stop costs what falls due
/// then, not a walk over every subscription.
struct SubscriptionSchedule {
    /// What one subscription (by its original transaction id) contributes.
    struct Entry {
        let latest: StoreRecord
        /// When its period ends, while it still auto-renews; nil when it does not, or never ends.
        let renewsAt: Date?
        /// The moments it has something due, in milliseconds (`SubscriptionPeriods.scheduleEntry`).
        let moments: [Int64]
        /// The ends, in milliseconds, of which the Server may be told when they pass.
        let notices: [Int64]
    }

    /// `store.sqlite`'s `totalChanges` when the schedule was last brought up to date.
    var changes: Int64
    /// Whether the Store posted notifications then (a subscription that does not renew still has
    /// its end due, to be told).
    let notificationsOn: Bool
    private(set) var entries: [TransactionID: Entry]
    /// The original id of each latest transaction.
    private var originalIds: [TransactionID: TransactionID]
    private var renewals: SortedMoments<Date>
    private var moments: SortedMoments<Int64>
    private var notices: SortedMoments<Int64>
    /// The latest transactions, oldest first, once asked for since the last change.
    private var inOrder: [StoreRecord]?

    init(changes: Int64, notificationsOn: Bool, entries: [TransactionID: Entry]) {
        self.changes = changes
        self.notificationsOn = notificationsOn
        self.entries = entries
        originalIds = Dictionary(entries.map { ($0.value.latest.id, $0.key) }, uniquingKeysWith: { first, _ in first })
        renewals = SortedMoments(entries.compactMap { id, entry in entry.renewsAt.map { ($0, id) } })
        moments = SortedMoments(entries.flatMap { id, entry in entry.moments.map { ($0, id) } })
        notices = SortedMoments(entries.flatMap { id, entry in entry.notices.map { ($0, id) } })
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
        latest(of: renewals.ids(through: now))
    }

    /// The first moment after `millis` that a subscription has something due, if any.
    func nextMoment(after millis: Int64) -> Int64? {
        moments.first(after: millis)
    }

    /// The latest transactions of the subscriptions with an end after `from` and by `to`
    /// (milliseconds), oldest first: those whose ends a stop may tell the Server of.
    func noticed(after from: Int64, through to: Int64) -> [StoreRecord] {
        latest(of: notices.ids(after: from, through: to))
    }

    private func latest(of ids: [TransactionID]) -> [StoreRecord] {
        Set(ids).compactMap { entries[$0]?.latest }.sorted { $0.id < $1.id }
    }

    /// Puts `entry` in the place of what the subscription contributed before.
    mutating func replace(_ originalId: TransactionID, with entry: Entry) {
        if let old = entries[originalId] {
            originalIds[old.latest.id] = nil
            if let at = old.renewsAt { renewals.remove(at, of: originalId) }
            for at in old.moments { moments.remove(at, of: originalId) }
            for at in old.notices { notices.remove(at, of: originalId) }
        }
        entries[originalId] = entry
        originalIds[entry.latest.id] = originalId
        if let at = entry.renewsAt { renewals.insert(at, of: originalId) }
        for at in entry.moments { moments.insert(at, of: originalId) }
        for at in entry.notices { notices.insert(at, of: originalId) }
        inOrder = nil
    }

    /// Marks the latest transaction `id` finished, when it is one.
    mutating func finished(_ id: TransactionID) {
        guard let originalId = originalIds[id], let entry = entries[originalId] else { return }
        entries[originalId] = Entry(latest: entry.latest.with(finished: true), renewsAt: entry.renewsAt,
                                    moments: entry.moments, notices: entry.notices)
        inOrder = nil
    }

    /// Stays current through writes that changed nothing it holds, made while `store.sqlite`'s
    /// `totalChanges` went from `before` to `after`; a schedule that was not current stays so.
    mutating func keepCurrent(from before: Int64, to after: Int64) {
        if changes == before { changes = after }
    }
}

/// Moments, each of a subscription (by original id), kept sorted and searched by halving.
private struct SortedMoments<Moment: Comparable> {
    private var items: [(at: Moment, originalId: TransactionID)]

    init(_ items: [(Moment, TransactionID)]) {
        self.items = items.map { (at: $0.0, originalId: $0.1) }.sorted { $0.at < $1.at }
    }

    /// The first moment after `moment`, if any.
    func first(after moment: Moment) -> Moment? {
        let index = firstIndex { $0 > moment }
        return index < items.count ? items[index].at : nil
    }

    /// The subscriptions with a moment at or before `moment`.
    func ids(through moment: Moment) -> [TransactionID] {
        items[..<firstIndex { $0 > moment }].map(\.originalId)
    }

    /// The subscriptions with a moment after `start` and at or before `end`.
    func ids(after start: Moment, through end: Moment) -> [TransactionID] {
        let low = firstIndex { $0 > start }, high = firstIndex { $0 > end }
        return low < high ? items[low..<high].map(\.originalId) : []
    }

    mutating func insert(_ moment: Moment, of originalId: TransactionID) {
        items.insert((moment, originalId), at: firstIndex { $0 > moment })
    }

    /// Removes the subscription's moment: among those at that moment, the one of its subscription.
    mutating func remove(_ moment: Moment, of originalId: TransactionID) {
        var index = firstIndex { $0 >= moment }
        while index < items.count, items[index].at == moment {
            if items[index].originalId == originalId {
                items.remove(at: index)
                return
            }
            index += 1
        }
    }

    /// The index of the first item whose moment `isAfter` holds of, which holds of every item
    /// after it too (`count` when none).
    private func firstIndex(where isAfter: (Moment) -> Bool) -> Int {
        items.partitionPoint { isAfter($0.at) }
    }
}
