import Foundation
import IAPCore
import Storage

/// Family Sharing, as `Family` keeps it.
extension Store {
    /// The most accounts a family holds: the purchaser and "up to five family members".
    public static let familySize = Family.size

    /// Each account in a family, with its group (the account that started the family).
    public func families() throws(StoreError) -> [String: String] {
        try family.families()
    }

    /// `name` joins the signed-in account's family (`Family.addToFamily`); returns the shares made.
    public func addToFamily(_ name: String, at now: Date) throws(StoreError) -> [StoreRecord] {
        try family.addToFamily(name, at: now)
    }

    /// `name` leaves its family (`Family.leaveFamily`); returns the revoked shares.
    public func leaveFamily(_ name: String, at now: Date) throws(StoreError) -> [StoreRecord] {
        try family.leaveFamily(name, at: now)
    }

    /// How the timeline tells a share made.
    public static func shared(_ share: StoreRecord) -> StoreStep {
        Family.shared(share)
    }

    /// Every share of a purchase (by its original transaction id), live or revoked, oldest first.
    public func shares(of originalId: TransactionID) throws(StoreError) -> [StoreRecord] {
        try family.shares(of: originalId)
    }

    /// A running app of the signed-in account receives its shares made or revoked now.
    public func tellShares(_ shares: [StoreRecord], link: Link) throws(StoreError) {
        try family.tellShares(shares, link: link)
    }
}
