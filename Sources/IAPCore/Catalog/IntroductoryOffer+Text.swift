extension IntroductoryOffer {
    /// The offer in a few words, prices in `storefront`'s currency for `locale`: `free trial of
    /// P1W`, `payAsYouGo: $0.99 a period for 3 periods of P1M`, `payUpFront: $9.99 once for P2M`.
    public func summary(in storefront: Storefront, locale: String) -> String {
        let price = price.map { storefront.format($0, locale: locale) } ?? "?"
        switch mode {
        case .freeTrial: return "free trial of \(period)"
        case .payAsYouGo: return "payAsYouGo: \(price) a period for \(periods ?? 1) periods of \(period)"
        case .payUpFront: return "payUpFront: \(price) once for \(period)"
        }
    }
}
