import Foundation

/// The body of Send Consumption Information, read and checked as Apple documents its fields:
/// version 1's `ConsumptionRequestV1` (every field a number from its enumeration, each required
/// but `refundPreference`) or version 2's `ConsumptionRequest` (`customerConsented`,
/// `sampleContentProvided` and `deliveryStatus` required, `consumptionPercentage` in milliunits,
/// `refundPreference` optional). What the Store keeps of it is whether the purchase was delivered.
public struct ConsumptionInformation: Sendable, Equatable {
    /// Version 1's `deliveryStatus` 0 ("The app delivered the consumable in-app purchase and it's
    /// working properly"), version 2's `DELIVERED`.
    public let delivered: Bool

    /// The information `bytes` hold in the shape of `version` (1 or 2), or Apple's error for the
    /// first field that is missing or not valid; a body that is not a JSON object is a bad request.
    public static func of(_ bytes: [UInt8], version: Int) -> Result<ConsumptionInformation, ServerAPIError> {
        var numbers: [String: Int64] = [:], flags: [String: Bool] = [:], texts: [String: String] = [:]
        var wrongKind: Set<String> = []
        let textual: Set<String> = version == 2 ? ["appAccountToken", "deliveryStatus", "refundPreference"] : ["appAccountToken"]
        var cursor = JSONCursor(String(decoding: bytes, as: UTF8.self))
        do {
            try cursor.object { (key, value) throws(JSONCursorError) in
                guard !value.null() else { return }
                let name = key.description
                switch name {
                case "customerConsented", "sampleContentProvided":
                    if let flag = try value.boolIfBool() { flags[name] = flag } else { wrongKind.insert(name) }
                case _ where textual.contains(name):
                    if let text = try value.stringIfString() { texts[name] = text } else { wrongKind.insert(name) }
                default:
                    if let number = try value.integerIfWhole() { numbers[name] = number } else { wrongKind.insert(name) }
                }
            }
            try cursor.end()
        } catch {
            return .failure(.generalBadRequest)
        }
        let fields = Fields(numbers: numbers, flags: flags, texts: texts, wrongKind: wrongKind)
        return version == 1 ? fields.versionOne() : fields.versionTwo()
    }

    /// The fields read, by name.
    private struct Fields {
        let numbers: [String: Int64]
        let flags: [String: Bool]
        let texts: [String: String]
        let wrongKind: Set<String>

        /// Apple: "customerConsented … The value must be true"; each number within its enumeration.
        func versionOne() -> Result<ConsumptionInformation, ServerAPIError> {
            guard flags["customerConsented"] == true else { return .failure(.invalidCustomerConsented) }
            let ranges: [(String, ClosedRange<Int64>, ServerAPIError, Bool)] = [
                ("consumptionStatus", 0...3, .invalidConsumptionStatus, true), ("platform", 0...2, .invalidPlatform, true),
                ("deliveryStatus", 0...5, .invalidDeliveryStatus, true), ("accountTenure", 0...7, .invalidAccountTenure, true),
                ("playTime", 0...7, .invalidPlayTime, true), ("lifetimeDollarsRefunded", 0...7, .invalidLifetimeDollarsRefunded, true),
                ("lifetimeDollarsPurchased", 0...7, .invalidLifetimeDollarsPurchased, true), ("userStatus", 0...4, .invalidUserStatus, true),
                ("refundPreference", 0...3, .generalBadRequest, false),
            ]
            for (name, range, error, required) in ranges {
                if wrongKind.contains(name) { return .failure(error) }
                guard let value = numbers[name] else {
                    if required { return .failure(error) }
                    continue
                }
                if !range.contains(value) { return .failure(error) }
            }
            guard flags["sampleContentProvided"] != nil else { return .failure(.invalidSampleContentProvided) }
            // "appAccountToken … or an empty string if you don't use app account tokens."
            guard let token = texts["appAccountToken"], token.isEmpty || UUID(uuidString: token) != nil else {
                return .failure(.invalidAppAccountToken)
            }
            return .success(ConsumptionInformation(delivered: numbers["deliveryStatus"] == 0))
        }

        func versionTwo() -> Result<ConsumptionInformation, ServerAPIError> {
            guard flags["customerConsented"] == true else { return .failure(.invalidCustomerConsented) }
            guard flags["sampleContentProvided"] != nil else { return .failure(.invalidSampleContentProvided) }
            let statuses: Set<String> = ["DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM", "UNDELIVERED_SERVER_OUTAGE",
                                         "UNDELIVERED_OTHER"]
            guard let status = texts["deliveryStatus"], statuses.contains(status) else { return .failure(.invalidDeliveryStatus) }
            // "consumptionPercentage … in milliunits": 0 to 100,000.
            if wrongKind.contains("consumptionPercentage") || !(0...100_000).contains(numbers["consumptionPercentage"] ?? 0) {
                return .failure(.generalBadRequest)
            }
            if wrongKind.contains("refundPreference") || !["DECLINE", "GRANT_FULL", "GRANT_PRORATED"].contains(texts["refundPreference"] ?? "DECLINE") {
                return .failure(.generalBadRequest)
            }
            return .success(ConsumptionInformation(delivered: status == "DELIVERED"))
        }
    }
}
