import IAPCore
import Storage

/// Where a subscription's next renewal stands, as the Store's settings keep it: read in one place
/// for StoreKit 2's renewal info and verifyReceipt's `pending_renewal_info`.
struct RenewalState {
    /// The App Store is still trying to charge the renewal.
    let retrying: Bool
    /// The end of the billing grace period, in milliseconds, while billing is retried with one.
    let graceUntilMillis: Int64?
    /// The product the subscription renews as (a downgrade or crossgrade waiting for the renewal).
    let renewsAs: String
    /// False once the customer turned auto-renew off.
    let autoRenews: Bool
    /// Where a price increase stands, when one was asked.
    let consent: PriceConsent?
    /// The offer waiting for the next renewal.
    let waitingOffer: AppliedOffer?

    /// The state of the subscription `original` begins, whose current product is `productId`.
    init(of original: TransactionID, productId: String, in database: StoreDatabase) throws(StorageError) {
        retrying = try database.setting("billing-retry:\(original)") != nil
        graceUntilMillis = retrying ? try database.setting("grace-until:\(original)").flatMap(Int64.init) : nil
        renewsAs = try database.setting("renew-to:\(original)") ?? productId
        autoRenews = try database.setting("autorenew:\(original)") != "off"
        consent = try database.setting(Prices.consentPrefix + original.description).flatMap(PriceConsent.init(rawValue:))
        waitingOffer = try database.setting(Offers.renewalOfferPrefix + original.description).flatMap(AppliedOffer.init(stored:))
    }
}
