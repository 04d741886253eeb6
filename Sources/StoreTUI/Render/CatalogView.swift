import IAPCore
import OrderServer

/// The catalog: localized title, price, type, and what the Server says the user has.
enum CatalogView {
    static func draw(_ state: TUIState, _ model: ScreenModel, into buffer: inout CellBuffer, in rect: Rect) {
        let coins = model.ledger.balances.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        buffer.put("Catalog" + (coins.isEmpty ? "" : " — balance: \(coins)"), x: rect.x, y: rect.y, style: .bold, limit: rect.width)
        let typeWidth = rect.width >= 60 ? 15 : 11
        let titleWidth = max(10, rect.width - 2 - 8 - (typeWidth + 1) - 12)
        for (index, product) in model.catalog.products.enumerated() where index + 1 < rect.height {
            let selected = index == state.selection
            let price = model.catalog.formattedPrice(of: product, locale: state.locale)
            let line = (selected ? "▶ " : "  ")
                + fit(product.title(locale: state.locale), titleWidth) + " "
                + fit(price, 7) + " " + fit(typeName(product.type, short: typeWidth < 15), typeWidth) + " "
                + status(product, model)
            let y = rect.y + 1 + index
            let invalid = model.invalidProductIds.contains(product.id)
            buffer.put(line, x: rect.x, y: y, style: selected ? .reverse : (invalid ? .dim : []), limit: rect.width)
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

    private static func status(_ product: Product, _ model: ScreenModel) -> String {
        if model.invalidProductIds.contains(product.id) { return "INVALID" }
        guard let entitlement = model.ledger.entitlements.first(where: { $0.productId == product.id }) else {
            return product.type == .consumable ? "×\(model.ledger.creditCount(productId: product.id))" : ""
        }
        guard let expires = entitlement.expires else { return "owned" }
        guard expires > model.now else { return "expired" }
        let trial = model.transactions.first { $0.id == entitlement.transactionId }?.kind == .trial
        return (trial ? "trial→" : "to ") + String(SimulatedTime.format(expires).prefix(10).dropFirst(5))
    }
}
