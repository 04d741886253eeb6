import IAPCore
import WorldCore

/// The seeded choices a chaos run makes: which product, which answer, which value of a set.
package struct ChaosDraw {
    package let catalog: Catalog
    package var random: SplitMix64

    package init(catalog: Catalog, random: SplitMix64) {
        self.catalog = catalog
        self.random = random
    }

    package mutating func number(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    package mutating func seconds(in range: ClosedRange<Int64>) -> Int64 {
        Int64.random(in: range, using: &random)
    }

    /// A promotional or win-back offer of the catalog, with its product; nil when it has none.
    package mutating func offer() -> (productId: String, offerId: String)? {
        let offers = catalog.products.flatMap { product in product.offers.filter { $0.type != .code }.map { (product.id, $0.id) } }
        return offers.randomElement(using: &random)
    }

    /// An offer code of the catalog; nil when it has none.
    package mutating func offerCode() -> String? {
        catalog.products.flatMap { $0.offers.compactMap(\.code) }.randomElement(using: &random)
    }

    package mutating func bool() -> Bool {
        Bool.random(using: &random)
    }

    /// One of `values`; `fallback` only when there are none.
    package mutating func element<Value>(of values: [Value], or fallback: Value) -> Value {
        values.randomElement(using: &random) ?? fallback
    }

    package mutating func product() -> String {
        catalog.products.randomElement(using: &random)?.id ?? ""
    }

    /// An auto-renewable subscription, or any product when the catalog has none.
    package mutating func subscription() -> String {
        catalog.products(ofType: .autoRenewable).randomElement(using: &random)?.id ?? product()
    }

    /// The purchase sheet's answer: mostly confirm, sometimes Ask to Buy, rarely cancel.
    package mutating func answer() -> SheetAnswer {
        let roll = Int.random(in: 0..<20, using: &random)
        return roll < 15 ? .confirm : (roll < 18 ? .ask : .cancel)
    }

    /// Google Play's purchase sheet: mostly confirm, sometimes a pending payment or a slow test
    /// card (approving or declining), rarely cancel; no Ask to Buy.
    package mutating func playAnswer() -> SheetAnswer {
        let roll = Int.random(in: 0..<20, using: &random)
        return roll < 13 ? .confirm : (roll < 15 ? .pending : (roll < 17 ? .slowApprove : (roll < 18 ? .slowDecline : .cancel)))
    }
}
