import Foundation

/// A party's view of the world around it: how it sends messages, notes local steps, reads the
/// simulated clock, and reports reaching a crash point.
public protocol Link: AnyObject {
    /// The simulated time now.
    var now: Date { get }
    /// Puts a message on its way; it is delivered later, one message at a time.
    func send(_ message: Message)
    /// Records a local step on the timeline, such as the app writing its cache.
    func note(_ happening: Happening, from: Party, to: Party?, transactionId: TransactionID?)
    /// Called by the app when its flow reaches a crash point; throws when the app is to crash there.
    func reached(_ point: CrashPoint) throws(AppCrash)
    /// Called by the Store or the Server when a flow passes a crash point; when the app is to
    /// crash there, it dies as soon as the current message has been handled.
    func passed(_ point: CrashPoint)
}
