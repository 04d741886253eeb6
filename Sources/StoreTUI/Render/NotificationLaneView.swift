import Foundation
import IAPCore
import ReadSide

/// The notification lane: every App Store Server Notification the Store posted to the Server,
/// newest at the bottom, with its type, its transaction and product, how many times the Store
/// posted it, and where it stands (on its way, acknowledged, retried at a simulated time, given
/// up, fetched by the history). A `TEST` notification, about no transaction, has `—` for its
/// transaction and product. Cut text ends in `…`.
enum NotificationLaneView {
    static func draw(_ state: TUIState, _ notifications: [NotificationRow], _ model: WorldView, into buffer: inout CellBuffer,
                     in rect: Rect) {
        guard rect.height > 2 else { return }
        let language = state.language
        buffer.put(fit(language(.laneTitle, notifications.count), rect.width), x: rect.x, y: rect.y, style: .bold, limit: rect.width)
        // The type and subtype take what the product's title leaves them, 23 cells at least.
        let standingWidth = 21, typeWidth = max(23, rect.width - 17 - 6 - standingWidth - 18)
        let heading = fit(language(.laneType), typeWidth) + fit(language(.columnId), 17) + fit(language(.laneAttempts), 6)
            + fit(language(.laneStanding), standingWidth) + language(.columnProduct)
        buffer.put(clipped(heading, rect.width), x: rect.x, y: rect.y + 1, style: .dim, limit: rect.width)
        let room = rect.height - 2
        let hidden = max(0, notifications.count - room)
        var y = rect.y + 2
        if hidden > 0 {
            buffer.put(clipped(language(.more, hidden + 1), rect.width), x: rect.x, y: y, style: .dim, limit: rect.width)
            y += 1
        }
        for row in notifications.suffix(hidden > 0 ? room - 1 : room) {
            let type = row.type + (row.subtype.map { " " + $0 } ?? "")
            let (standing, color) = standing(row, language)
            var x = rect.x
            x += buffer.put(fit(type, typeWidth - 1) + " " + fit(row.transactionId?.description ?? Self.none, 17)
                            + fit("\(row.attempts)/\(1 + NotificationRetry.hours.count)", 6), x: x, y: y, limit: rect.width)
            x += buffer.put(fit(standing, standingWidth - 1) + " ", x: x, y: y, style: .bold, color: color,
                            limit: rect.x + rect.width - x)
            buffer.put(clipped(row.productId.map { state.title(of: $0, in: model) } ?? Self.none, rect.x + rect.width - x), x: x, y: y,
                       limit: rect.x + rect.width - x)
            y += 1
        }
    }

    /// What a `TEST` notification's row shows for the transaction and product it has none of.
    private static let none = "—"

    /// Where a notification stands, in words, and the colour that tells it at a glance.
    static func standing(_ row: NotificationRow, _ language: Language) -> (String, CellColor) {
        switch row.standing {
        case .inFlight: (language(.postInFlight), .none)
        case .acknowledged: (language(.acknowledged), .green)
        case .due(let date):
            (language(row.attempts == 0 ? .firstPostAt : .retryAt, String(SimulatedTime.format(date).dropFirst(5).prefix(11))), .yellow)
        case .fetchedByHistory: (language(.fetchedByHistory), .cyan)
        case .givenUp: (language(.givenUp), .red)
        }
    }

    /// The lane in one line, for the header while the lane is hidden: how many notifications
    /// wait (on their way or due again), are done (acknowledged or fetched) and were given up,
    /// each only when there are any.
    static func summary(_ notifications: [NotificationRow], _ language: Language) -> String {
        var waiting = 0, done = 0, givenUp = 0
        for row in notifications {
            switch row.standing {
            case .inFlight, .due: waiting += 1
            case .acknowledged, .fetchedByHistory: done += 1
            case .givenUp: givenUp += 1
            }
        }
        let counts = [(waiting, StoreKit2Phrase.laneWaiting), (done, .laneDone), (givenUp, .laneGivenUp)].filter { $0.0 > 0 }
        return language(.laneSummary, counts.isEmpty ? "0" : counts.map { language($0.1, $0.0) }.joined(separator: " · "))
    }
}
