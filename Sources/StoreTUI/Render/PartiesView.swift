import IAPCore
import Simulator

/// The three parties side by side: the Store's queue, the app's cache on disk, the Server's ledger.
enum PartiesView {
    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, in rect: Rect) {
        var lines: [(String, CellStyle)] = []
        let queue = model.queue
        lines.append(("Store queue (\(queue.count))", .bold))
        lines += queue.suffix(4).map { ("  \(short($0.id)) \(fit($0.state.rawValue, 10)) \(title($0.productId, model, state))", []) }
        lines.append(("App cache on disk (\(model.pendingOrders.count))", .bold))
        lines += model.pendingOrders.suffix(3).map { ("  \(short($0.transactionId)) \(title($0.productId, model, state))", []) }
        lines += model.cacheWarnings.prefix(1).map { ("  ! \($0)", .bold) }
        let credits = model.credits.count
        lines.append(("Server ledger (\(credits) credit\(credits == 1 ? "" : "s"))", .bold))
        lines += model.credits.suffix(3).map { ("  \(short($0.transactionId)) \($0.grant)", []) }
        for (offset, line) in lines.prefix(rect.height).enumerated() {
            buffer.put(line.0, x: rect.x, y: rect.y + offset, style: line.1, limit: rect.width)
        }
    }

    /// The last digits of a transaction id, enough to tell them apart on screen.
    static func short(_ id: String) -> String {
        "…" + String(id.suffix(4))
    }

    private static func title(_ productId: String, _ model: WorldView, _ state: TUIState) -> String {
        model.catalog.product(id: productId)?.title(locale: state.locale) ?? productId
    }
}
