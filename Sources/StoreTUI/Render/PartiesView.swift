import IAPCore
import Simulator

/// The three parties side by side: the Store's queue, the app's cache on disk, the Server's ledger.
/// Transaction ids are shown whole, as on the timeline, in the transaction manager and in
/// `storesim state`; a title that does not fit ends in `…`.
enum PartiesView {
    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, in rect: Rect) {
        var lines: [(String, CellStyle)] = []
        let queue = model.queue
        lines.append(("Store queue (\(queue.count))", .bold))
        lines += newest(queue.map { "  \($0.id) \(fit($0.state.rawValue, 9)) \(title($0.productId, model, state))" }, 4)
        lines.append(("App cache on disk (\(model.pendingOrders.count))", .bold))
        lines += newest(model.pendingOrders.map { "  \($0.transactionId) \(title($0.productId, model, state))" }, 3)
        lines += model.cacheWarnings.prefix(1).map { ("  ! \($0)", .bold) }
        let credits = model.credits.count
        lines.append(("Server ledger (\(credits) credit\(credits == 1 ? "" : "s"))", .bold))
        lines += newest(model.credits.map { credit in
            "  \(credit.transactionId) "
                + (credit.refunded ? "refunded: \(title(credit.productId, model, state))" : credit.grant)
        }, 3)
        for (offset, line) in lines.prefix(rect.height).enumerated() {
            buffer.put(fit(line.0, rect.width), x: rect.x, y: rect.y + offset, style: line.1, limit: rect.width)
        }
    }

    /// The newest `count` lines, after a line saying how many older ones are not shown.
    private static func newest(_ lines: [String], _ count: Int) -> [(String, CellStyle)] {
        let hidden = lines.count - count
        return (hidden > 0 ? [("  +\(hidden) more", CellStyle.dim)] : []) + lines.suffix(count).map { ($0, []) }
    }

    private static func title(_ productId: String, _ model: WorldView, _ state: TUIState) -> String {
        model.catalog.product(id: productId)?.title(locale: state.locale) ?? productId
    }
}
