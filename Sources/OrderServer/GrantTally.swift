import IAPCore

/// The consumable grants of many credits made in one savepoint, added up so that each currency's
/// balance is written once at its end (a launch may recover a thousand orders of one product):
/// the currencies in the order they were first granted, as crediting one by one creates them.
final class GrantTally {
    private(set) var currencies: [String] = []
    private(set) var amounts: [String: Int] = [:]

    /// Adds one credit's grant, its currencies in sorted order as a single credit writes them.
    func add(_ grant: [GrantAmount]) {
        for part in grant {
            if amounts[part.currency] == nil { currencies.append(part.currency) }
            amounts[part.currency, default: 0] += part.amount
        }
    }
}
