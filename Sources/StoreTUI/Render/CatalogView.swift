import IAPCore
import Simulator

/// The catalog: localized title, price, type, and what the Server says the user has.
enum CatalogView {
    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, in rect: Rect) {
        let coins = model.balances.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        buffer.put("Catalog" + (coins.isEmpty ? "" : " — balance: \(coins)"), x: rect.x, y: rect.y, style: .bold, limit: rect.width)
        let typeWidth = rect.width >= 60 ? 15 : 11
        let titleWidth = max(10, rect.width - 2 - 8 - (typeWidth + 1) - 12)
        for (index, row) in model.products.enumerated() where index + 1 < rect.height {
            let product = row.product
            let selected = index == state.selection
            let price = model.catalog.formattedPrice(of: product, locale: state.locale)
            let line = (selected ? "▶ " : "  ")
                + fit(product.title(locale: state.locale), titleWidth) + " "
                + fit(price, 7) + " " + fit(typeName(product.type, short: typeWidth < 15), typeWidth) + " "
                + status(row)
            let y = rect.y + 1 + index
            buffer.put(line, x: rect.x, y: y, style: selected ? .reverse : (row.invalid ? .dim : []), limit: rect.width)
        }
    }

    static func typeName(_ type: ProductType, short: Bool) -> String {
        switch type {
        case .consumable: return "consumable"
        case .nonConsumable: return short ? "non-consum." : "non-consumable"
        case .autoRenewable: return short ? "auto-renew" : "auto-renewable"
        case .nonRenewing: return short ? "non-renew" : "non-renewing"
        }
    }

    /// What the user has of the product, in a few characters.
    private static func status(_ row: CatalogRow) -> String {
        if row.invalid { return "INVALID" }
        switch row.holding {
        case .credited(let count): return "×\(count)"
        case .none: return ""
        case .owned: return "owned"
        case .expired: return "expired"
        case .until(let expires, let trial):
            return (trial ? "trial→" : "to ") + String(SimulatedTime.format(expires).prefix(10).dropFirst(5))
        }
    }
}
