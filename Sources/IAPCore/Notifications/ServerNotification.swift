/// One App Store Server Notification V2 as the Store posts it to the Server: `signedPayload`
/// (a JWS whose payload is a `NotificationPayload`), with the type, transaction and attempt the
/// timeline names. A `TEST` notification is about no transaction: its `transactionId` and
/// `productId` are nil.
public struct ServerNotification: Sendable, Equatable, Codable {
    /// `notificationUUID`: the same for every attempt of one notification.
    public let uuid: String
    public let type: NotificationType
    public let subtype: String?
    public let transactionId: TransactionID?
    public let productId: String?
    /// The JWS compact serialization the Store signed when the event happened.
    public let signedPayload: String
    /// 1 for the first attempt, 2…6 for the retries; 0 when fetched with Get Notification History.
    public let attempt: Int

    public init(uuid: String, type: NotificationType, subtype: String?, transactionId: TransactionID?, productId: String?,
                signedPayload: String, attempt: Int) {
        self.uuid = uuid
        self.type = type
        self.subtype = subtype
        self.transactionId = transactionId
        self.productId = productId
        self.signedPayload = signedPayload
        self.attempt = attempt
    }

    /// The same notification, as another attempt (0: from the history).
    public func attempt(_ number: Int) -> ServerNotification {
        ServerNotification(uuid: uuid, type: type, subtype: subtype, transactionId: transactionId, productId: productId,
                           signedPayload: signedPayload, attempt: number)
    }
}

/// What a notification's `signedPayload` says, with the field names of Apple's
/// `responseBodyV2DecodedPayload`.
public struct NotificationPayload: Codable, Equatable, Sendable {
    /// The `data` object: the app (its App Apple ID in production only: "It isn't present in
    /// the sandbox environment"), the environment, the transaction, itself a JWS, and for an
    /// auto-renewable subscription its renewal information, a JWS of a `RenewalInfoPayload`, and
    /// its `status` as of the notification's `signedDate`. A `TEST` notification's names the app
    /// and the environment only, without `signedTransactionInfo`, as Apple's library decodes it
    /// (`Data.signedTransactionInfo` is optional there).
    public struct Data: Codable, Equatable, Sendable {
        public var appAppleId: Int64?
        public var bundleId: String
        public var bundleVersion: String?
        public var environment: String
        public var signedTransactionInfo: String?
        public var signedRenewalInfo: String?
        public var status: Int?
        /// A `CONSUMPTION_REQUEST`'s only: Apple, "The customer-provided reason for a refund
        /// request." "The notification includes the consumptionRequestReason in the data object."
        public var consumptionRequestReason: String?

        public init(appAppleId: Int64? = nil, bundleId: String, bundleVersion: String? = nil, environment: String,
                    signedTransactionInfo: String?, signedRenewalInfo: String? = nil, status: Int? = nil,
                    consumptionRequestReason: String? = nil) {
            self.appAppleId = appAppleId
            self.bundleId = bundleId
            self.bundleVersion = bundleVersion
            self.environment = environment
            self.signedTransactionInfo = signedTransactionInfo
            self.signedRenewalInfo = signedRenewalInfo
            self.status = status
            self.consumptionRequestReason = consumptionRequestReason
        }
    }

    public var notificationType: String
    public var subtype: String?
    public var notificationUUID: String
    public var data: Data
    public var version: String
    public var signedDate: Int64

    public init(notificationType: String, subtype: String?, notificationUUID: String, data: Data, signedDate: Int64) {
        self.notificationType = notificationType
        self.subtype = subtype
        self.notificationUUID = notificationUUID
        self.data = data
        self.version = "2.0"
        self.signedDate = signedDate
    }
}
