import Foundation
import IAPCore
import ReadSide
import WorldCore

/// The outside server's lane: each request the app sent the team's server at `server url`
/// (kept among the timeline's events), oldest first: its method and path, its transaction, and
/// the HTTP result as the app read it (credited, already credited, rejected and why, or what
/// came instead of an answer: `HTTP 500`, `timed out`); a request the protocol has no call for
/// says so. A result too long for its column wraps onto the rows below.
enum OutsideServerLaneView {
    static func draw(_ state: TUIState, url: String, into buffer: inout CellBuffer, in rect: Rect) {
        guard rect.height > 2 else { return }
        let language = state.language
        let exchanges = exchanges(state.timeline, url: url)
        buffer.put(clipped(language(.outsideLaneTitle, url, exchanges.count), rect.width), x: rect.x, y: rect.y, style: .bold, limit: rect.width)
        let requestWidth = max(DisplayWidth.of(request(url)), DisplayWidth.of(language(.noCall))) + 1
        let resultX = requestWidth + 17
        let heading = fit(language(.request), requestWidth) + fit(language(.columnId), 17) + language(.httpResult)
        buffer.put(clipped(heading, rect.width), x: rect.x, y: rect.y + 1, style: .dim, limit: rect.width)
        let room = rect.height - 2
        guard !exchanges.isEmpty else {
            buffer.lines(wrap(language(.nothingYet), rect.width), in: Rect(x: rect.x, y: rect.y + 2, width: rect.width, height: room), style: .dim)
            return
        }
        // Each exchange as rows: the request and transaction on the first, the result wrapped.
        let resultWidth = max(8, rect.width - resultX)
        let blocks = exchanges.map { id, reply -> [(String, String, CellColor)] in
            let (result, color) = result(reply, language)
            let left = fit(id == nil ? language(.noCall) : request(url), requestWidth) + fit(id?.description ?? "—", 17)
            return wrap(result, resultWidth).enumerated().map { line in
                (line.offset == 0 ? left : String(repeating: " ", count: resultX), clipped(line.element, resultWidth), color)
            }
        }
        // The newest exchanges that fit, under a line that counts the ones above them.
        var shown = 0, used = 0
        for block in blocks.reversed() {
            let reserve = shown + 1 < blocks.count ? 1 : 0
            guard used + block.count + reserve <= room else { break }
            used += block.count
            shown += 1
        }
        var y = rect.y + 2
        if shown < blocks.count {
            buffer.put(clipped(language(.more, blocks.count - shown), rect.width), x: rect.x, y: y, style: .dim, limit: rect.width)
            y += 1
        }
        for (left, result, color) in blocks.suffix(shown).joined() {
            let x = rect.x + buffer.put(left, x: rect.x, y: y, limit: rect.width)
            buffer.put(result, x: x, y: y, style: .bold, color: color, limit: rect.x + rect.width - x)
            y += 1
        }
    }

    /// The exchanges with the server at `url` among `timeline`'s events, oldest first: the
    /// transaction each verified (nil for a request the protocol has no call for) and the reply.
    private static func exchanges(_ timeline: [Event], url: String) -> [(TransactionID?, OutsideServerReply)] {
        timeline.compactMap { event in
            guard case .server(.outsideServer(let id, let exchanged, let reply)) = event.what, exchanged == url else { return nil }
            return (id, reply)
        }
    }

    /// The request each verification is: `POST` to the protocol's path under the server's URL.
    private static func request(_ url: String) -> String {
        "POST " + (URLComponents(string: OutsideURL.endpoint(url, "storesim/verify"))?.path ?? "/storesim/verify")
    }

    /// The reply in the lane's words, and the colour that tells it at a glance.
    private static func result(_ reply: OutsideServerReply, _ language: Language) -> (String, CellColor) {
        switch reply {
        case .credited: (language(.credited), .green)
        case .alreadyCredited: (language(.alreadyCredited), .cyan)
        case .rejected(let reason): (language(.rejected, reason), .yellow)
        case .noAnswer(let what): (language(.noAnswer, what), .red)
        case .notInProtocol(let what): (what, .none)
        }
    }
}
