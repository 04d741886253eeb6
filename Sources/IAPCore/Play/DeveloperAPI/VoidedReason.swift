import Foundation

/// Why a purchase was voided, a `VoidedPurchase`'s `voidedReason`. Google: "The reason why the
/// purchase was voided, possible values are: 0. Other 1. Remorse 2. Not_received 3. Defective
/// 4. Accidental_purchase 5. Fraud 6. Friendly_fraud 7. Chargeback 8. Unacknowledged_purchase".
public enum VoidedReason: Int, Sendable, CaseIterable, Codable, EventJSON {
    case other = 0
    case remorse = 1
    case notReceived = 2
    case defective = 3
    case accidentalPurchase = 4
    case fraud = 5
    case friendlyFraud = 6
    case chargeback = 7
    /// Google voided it because nobody acknowledged it within three days.
    case unacknowledgedPurchase = 8

    /// Google's word for the reason: `Unacknowledged_purchase`.
    public var name: String {
        switch self {
        case .other: return "Other"
        case .remorse: return "Remorse"
        case .notReceived: return "Not_received"
        case .defective: return "Defective"
        case .accidentalPurchase: return "Accidental_purchase"
        case .fraud: return "Fraud"
        case .friendlyFraud: return "Friendly_fraud"
        case .chargeback: return "Chargeback"
        case .unacknowledgedPurchase: return "Unacknowledged_purchase"
        }
    }

    /// The reason as a script writes it: Google's word in lower case, `-` for `_`
    /// (`not-received`, `accidental-purchase`).
    public var word: String {
        name.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
