/// The app the catalog's products are sold in, as Apple identifies it: its bundle id, its App
/// Apple ID (the number App Store Connect gives it) and the version of its build. Every signed
/// transaction, renewal info, notification and receipt carries them, and a Server checks them.
public struct AppIdentity: Sendable, Equatable, Codable {
    /// `CFBundleIdentifier`: letters, digits, hyphens and periods.
    public var bundleId: String
    /// The app's `appAppleId`, "the unique identifier of the app" (App Store Server API).
    public var appAppleId: Int64
    /// `CFBundleVersion`: one to three period-separated integers.
    public var bundleVersion: String

    public init(bundleId: String, appAppleId: Int64, bundleVersion: String) {
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.bundleVersion = bundleVersion
    }

    /// The identity of a catalog that names none: the bundle id StoreSim always used.
    public static let standard = AppIdentity(bundleId: "com.storesim.app", appAppleId: 1_234_567_890, bundleVersion: "1.0")

    /// Whether `text` is a bundle id as Apple allows one: "only alphanumeric characters
    /// (A–Z, a–z, and 0–9), hyphens (-), and periods (.)".
    public static func isBundleId(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// Whether `text` is a build version as Apple's `CFBundleVersion` is: "one to three
    /// period-separated integers, such as 10.14.1".
    public static func isBundleVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.count <= 9 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}
