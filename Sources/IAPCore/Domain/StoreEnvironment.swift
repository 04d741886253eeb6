/// Where receipts come from and where `verifyReceipt` is asked: Apple's production App Store, or
/// the sandbox that development and review builds buy in.
public enum StoreEnvironment: String, Sendable, CaseIterable, Codable {
    case production
    case sandbox
}
