import Foundation
import IAPCore
import PlayEngine
import StoreEngine

/// A world that sells on Google Play: Play's file, its messages, its due moments (the three-day
/// rule), and the timeline's words in Play's vocabulary.
extension World {
    /// Keeps the store a world sells on: `kind` for a world made now (written at once, so the
    /// world keeps it), refused for an existing world of the other store.
    static func keep(_ kind: StoreKind?, existed: Bool, in settings: inout WorldSettings,
                     _ directory: DataDirectory) throws(WorldError) {
        guard let kind, kind != settings.store else { return }
        guard !existed else {
            throw .dataDirectory(path: directory.path, problem: "this world sells on \(settings.store.displayName); "
                                 + "\(kind.displayName) needs a fresh world (storesim reset)")
        }
        settings.store = kind
        try settings.save(path: directory.settings)
    }

    /// Opens Google Play's database in a world that sells there, selling the catalog's
    /// auto-renewable products as subscriptions' base plans; nil on the App Store.
    static func openPlay(_ kind: StoreKind, _ directory: DataDirectory, seed: UInt64?, catalog: Catalog) throws(WorldError) -> PlayStore? {
        guard kind == .play else { return nil }
        do {
            let play = try PlayStore(path: directory.playDatabase, seed: seed)
            play.basePlans = PlayBasePlan.plans(of: catalog)
            return play
        } catch {
            throw .file(path: directory.playDatabase, problem: error.problem)
        }
    }

    /// The seed of a new world's Google Play secret: `seed`, or, for a world with a range of
    /// ids of its own (a chaos run's against a team's backend, `origin`), `seed` mixed with the
    /// range's first id, so that each such world issues order ids and purchase tokens no other
    /// world of the session, or of another session, issued.
    static func playSeed(_ seed: UInt64?, origin: StoreOrigin) -> UInt64? {
        guard let range = origin.transactionIds else { return seed }
        return (seed ?? 0) ^ UInt64(bitPattern: range.first.value)
    }

    /// The first line of a new Play world's timeline says where it sells.
    func tellTheStore() throws(WorldError) {
        guard let play, play.isNew else { return }
        try record(.command, from: .user, to: .play, what: .play(.sellsOnGooglePlay), transactionId: nil)
    }

    /// A change of settings as the timeline tells it: a strategy in the words of the world's store.
    func told(_ action: UserAction) -> Happening {
        if settings.store == .play, case .strategy(let strategy) = action { return .play(.strategy(strategy)) }
        return .user(action)
    }

    /// Delivers a message to Google Play, which answers as Google's interfaces do.
    func deliverToPlay(_ sent: SentMessage) throws(WorldError) {
        guard case .play(let message) = sent.message, play != nil else { return }
        try record(.delivered, sent)
        try onPlay { (play) throws(PlayError) in try play.receive(message, account: store.account, link: link) }
    }

    /// The next moment after now a purchase's three days end at Google Play; nil on the App Store.
    func nextPlayDue() throws(WorldError) -> Int64? {
        try onPlay { (play) throws(PlayError) in try play.nextDue(after: nowMillis) } ?? nil
    }

    /// Google's three-day rule, now: every purchase nobody acknowledged within three days is
    /// refunded and revoked, and the timeline says so.
    func refundUnacknowledged() throws(WorldError) {
        let refunded = try onPlay { (play) throws(PlayError) in try play.refundDue(at: now) } ?? []
        for purchase in refunded {
            let id = purchase.orderId.transactionId
            try record(.note, from: .play, to: nil, what: .play(.autoRefunded(id, productId: purchase.productId)), transactionId: id)
        }
    }

    /// Subscriptions' renewals, now: every active, auto-renewing subscription whose period ended
    /// renews with its next renewal order, or enters its grace period when it cannot be charged,
    /// and the timeline says so.
    func renewSubscriptions() throws(WorldError) {
        let renewed = try onPlay { (play) throws(PlayError) in try play.renewDue(at: now) } ?? []
        for subscription in renewed {
            guard let until = subscription.expiryMillis else { continue }
            let id = subscription.latestOrderId.transactionId
            let phase = play?.basePlans[subscription.productId].flatMap(subscription.offerPhase(of:))
            let step: GooglePlayStep = subscription.billingIssue == nil
                ? .renewed(id, productId: subscription.productId, untilMillis: until, offerId: phase.flatMap { _ in subscription.offerId },
                           offerPhase: phase?.rawValue)
                : .billingIssue(id, productId: subscription.productId, onHold: false, untilMillis: until)
            try record(.note, from: .play, to: nil, what: .play(step), transactionId: id)
        }
    }

    /// `work` on Google Play's database, its failure one line naming the file; nil on the App Store.
    func onPlay<T>(_ work: (PlayStore) throws(PlayError) -> T) throws(WorldError) -> T? {
        guard let play else { return nil }
        do {
            return try work(play)
        } catch {
            throw .file(path: directory.playDatabase, problem: error.problem)
        }
    }

    /// `work` on Google Play's database for a user's command: Play's refusal is the command's,
    /// any other failure one line naming the file; nil on the App Store.
    @discardableResult
    func onPlayRefusing<T>(_ work: (PlayStore) throws(PlayError) -> T) throws(WorldActionError) -> T? {
        guard let play else { return nil }
        do {
            return try work(play)
        } catch .refused(let refusal) {
            throw .refused(.play(refusal))
        } catch {
            throw .failed(.file(path: directory.playDatabase, problem: error.problem))
        }
    }

    /// A user's command at Google Play told on the timeline, then Pub/Sub's pushes now due.
    func toldPlay(_ step: GooglePlayStep, _ id: TransactionID?) throws(WorldActionError) {
        do {
            try record(.command, from: .user, to: .play, what: .play(step), transactionId: id)
            try pushDueNotifications()
        } catch {
            throw .failed(error)
        }
    }
}
