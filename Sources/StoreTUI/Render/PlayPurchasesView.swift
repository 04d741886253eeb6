import Foundation
import IAPCore
import ReadSide

/// Google Play's purchases in the parties panel, where an App Store world shows the Store's
/// queue: how many wait to be acknowledged, and the newest purchases with where each stands
/// (an unacknowledged one with the time left before the three-day rule refunds it).
enum PlayPurchasesView {
    /// The panel's lines for `purchases`, the newest `count`.
    static func lines(_ purchases: [PlayPurchaseRow], count: Int, _ state: TUIState, _ model: WorldView) -> [(String, CellStyle)] {
        let language = state.language
        let waiting = purchases.count { if case .unacknowledged = $0.standing { true } else { false } }
        let hidden = purchases.count - count
        return [(language(.googlePlayPurchases, waiting), .bold)]
            + (hidden > 0 ? [("  " + language(.more, hidden), CellStyle.dim)] : [])
            + purchases.suffix(count).map { purchase in
                let style: CellStyle = switch purchase.standing {
                case .voided(auto: true), .onHold: .bold
                default: []
                }
                return ("  \(purchase.orderId) \(standing(purchase.standing, language, now: model.now)) \(state.title(of: purchase.productId, in: model))",
                        style)
            }
    }

    /// Where a purchase stands, in words.
    private static func standing(_ standing: PlayPurchaseRow.Standing, _ language: Language, now: Date) -> String {
        switch standing {
        case .pending: language(.playPending)
        case .unacknowledged(let refundAt): language(.playUnacknowledged, left(from: now, to: refundAt))
        case .acknowledged: language(.playAcknowledged)
        case .consumed: language(.playConsumed)
        case .canceled: language(.playCanceled)
        case .voided(let auto): language(auto ? .playAutoRefunded : .playRefunded)
        case .autoRenewOff(let end): language(.playAutoRenewOff, left(from: now, to: end))
        case .inGracePeriod(let end): language(.playGracePeriod, left(from: now, to: end))
        case .onHold(let end): language(.playOnHold, left(from: now, to: end))
        case .expired: language(.playExpired)
        }
    }

    /// The time from `now` to `end`, in its two largest units: `2d 21h`, `5h 3m`, `45m`, `30s`.
    static func left(from now: Date, to end: Date) -> String {
        let seconds = max(0, Int64(end.timeIntervalSince(now).rounded(.down)))
        let (days, hours, minutes) = (seconds / 86_400, seconds % 86_400 / 3_600, seconds % 3_600 / 60)
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(minutes)m" }
        return minutes > 0 ? "\(minutes)m" : "\(seconds)s"
    }
}
