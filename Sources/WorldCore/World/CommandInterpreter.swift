import IAPCore

/// Carries out the commands of the scenario vocabulary on a world: scripts, chaos, the matrix
/// and the interface all come here, through `World.perform` and `World.performInTurn`
/// (ScenarioLanguage, where the timing rule lives). The interpreter keeps no state of its
/// own: each command changes the part of the world it is about (the device, the Store, the
/// Server, the network, the clock), and each is told on the timeline.
struct CommandInterpreter {
    /// The world the command is about; an interpreter lives for one command, and the world
    /// keeps none.
    let world: World

    /// Carries out one command; `appCommand` names a command that needs the app running. A
    /// command the world declines throws `.refused`; a file or database that fails, `.failed`.
    func perform(_ command: ScenarioCommand, needingApp appCommand: String?) throws(WorldActionError) {
        if let appCommand {
            try world.host.runningApp(appCommand)
        }
        do {
            try carryOut(command)
            try world.postNotifications()
            try world.timeline.reportFailure()
        } catch {
            throw WorldActionError(classifying: error, directory: world.directory)
        }
    }

    /// One case a command: its effect on the world.
    private func carryOut(_ command: ScenarioCommand) throws {
        let host = world.host
        switch command {
        case .launch: try launchWithRecovery()
        case .quit: try world.quit()
        case .buy(let productId, let answer): if let crash = try host.buy(productId, answer) { try world.crashApp(crash) }
        case .buyOffer(let productId, let offerId): if let crash = try host.buy(productId, offer: offerId) { try world.crashApp(crash) }
        case .redeem(let code): try host.redeem(code)
        case .restore: try host.restore()
        case .background: try host.background()
        case .resume: try host.resume()
        case .crash: try world.crashNow()
        case .crashAt(let point): try host.arm(point)
        case .powerCut: try world.crashNow(powerCut: true)
        case .powerCutAt(let point): try host.arm(point, powerCut: true)
        case .disarm: try host.arm(nil)
        case .account(let name):
            try host.signIn(name)
            try world.signInToTheServer()
        case .familyAdd(let name): try joinFamily(name)
        case .familyLeave(let name): try leaveFamily(name)
        case .reinstall: try world.reinstall()
        case .disk(let full): try host.fillDisk(full)
        case .deliver(let count): for _ in 0..<count where try world.deliverNext() {}
        case .expect, .wait: break
        case .network(let online): try world.change(.network(online: online)) { $0.networkOnline = online }
        case .server(let mode): try world.change(.server(mode.rawValue)) { $0.server = mode }
        case .serverURL(let url): try world.change(.serverURL(url)) { $0.serverURL = url }
        case .strategy(let strategy): try world.change(.strategy(strategy)) { $0.strategy = strategy }
        case .api(let api): try world.use(api)
        case .advance(let seconds): try world.advance(by: seconds)
        case .serverDisk(let full): try fillServerDisk(full)
        case .serverNotifications(let on): try world.notifications(on)
        case .serverNotificationsURL(let url): try world.notificationsURL(url)
        case .serverHistory: try fetchHistory()
        case .serverVoided:
            guard world.settings.server != .down else { throw WorldActionError.refused(.serverDownForVoided) }
            try world.askVoidedPurchases()
        case .storePubSub(let mode): try world.pubSub(mode)
        case .voidPurchase(let target, let reason): try world.voidPurchase(target, reason: reason)
        case .serverTestNotification: try requestTestNotification()
        case .serverTestNotificationStatus: try askTestNotificationStatus()
        case .serverExtend(let productId, let days, let reasonCode): try extendRenewalDate(productId, days: days, reasonCode: reasonCode)
        case .serverSharedSecret(let right): try configureServer(sharedSecretRight: right)
        case .serverVerifyMethod(let post): try configureServer(usesPost: post)
        case .serverVerifyFirst(let environment): try configureServer(verifiesFirst: environment)
        case .forge(let forgery): try forge(forgery)
        case .store(let storeSwitch, let on): try setStoreSwitch(storeSwitch, on: on)
        case .storeFail(let reason): try failPurchases(reason)
        case .storeSet(let storeSwitch, let value): try setStoreSwitch(storeSwitch, to: value)
        case .storeSell(let productId, let on): try sell(productId, on: on)
        case .storeDelete(let id): try delete(id)
        case .approve(let productId): try approve(productId)
        case .decline(let productId): try decline(productId)
        case .resolve(let productId): try resolve(productId)
        case .refund(let target, let reason): try refund(target, reason: reason)
        case .reverseRefund(let target): try reverseRefund(target)
        case .requestRefund(let target): try requestRefund(target)
        case .declineRefund(let target): try declineRefund(target)
        case .subscriptionRenew(let productId, let on): try setAutoRenew(productId, on: on)
        case .subscriptionRenewNow(let productId): try renewNow(productId)
        case .subscriptionExpire(let productId): try expire(productId)
        case .subscriptionBilling(let productId, let fails): try setBilling(productId, fails: fails)
        case .storePriceIncrease(let productId, let price): try raisePrice(productId, to: price)
        case .consent(let productId, let agrees): try consent(productId, agrees: agrees)
        }
    }

    /// `launch`: the app starts and its launch recovery runs until nothing is in flight.
    private func launchWithRecovery() throws {
        guard !world.host.status.isRunning else { throw WorldActionError.refused(.appRunningAlready) }
        try world.launch()
        try world.settle()
    }

    /// `server history`: the Server asks for every notification and processes what it missed.
    private func fetchHistory() throws {
        guard world.settings.server != .down else { throw WorldActionError.refused(.serverDownForHistory) }
        try world.record(.command, from: .user, to: .server, what: .user(.fetchHistory), transactionId: nil)
        try world.server.fetchHistory(link: world.link)
        try world.settle()
    }

    /// `server test-notification`: the Server sends Request a Test Notification; the Store
    /// answers with the test's token and posts a `TEST` notification, while the world goes on
    /// (the messages travel as a purchase's do). Refused while the notifications are off: the
    /// Store has no URL to post to, and Apple answers `ServerNotificationURLNotFoundError`.
    private func requestTestNotification() throws {
        guard world.store.notificationsOn else { throw WorldActionError.refused(.notificationsOffForTest) }
        guard world.settings.server != .down else { throw WorldActionError.refused(.serverDownForTest) }
        try world.record(.command, from: .user, to: .server, what: .user(.requestTestNotification), transactionId: nil)
        world.server.requestTestNotification(link: world.link)
    }

    /// `server test-notification status`: the Server asks, with the token of its last test, how
    /// the `TEST` notification's attempts went.
    private func askTestNotificationStatus() throws {
        guard world.settings.server != .down else { throw WorldActionError.refused(.serverDownForTest) }
        guard let token = try world.server.testNotificationToken() else { throw WorldActionError.refused(.noTestNotificationToken) }
        try world.record(.command, from: .user, to: .server, what: .user(.askTestNotificationStatus), transactionId: nil)
        world.server.askTestNotificationStatus(token, link: world.link)
        try world.settle()
    }

    /// `server extend PRODUCT DAYS [REASON]`: the Server sends Extend a Subscription Renewal Date
    /// for the subscription it credited the signed-in account; the Store answers, and posts
    /// `RENEWAL_EXTENDED` when it extended it. The Store's refusals (Apple's errors) are its answer
    /// on the timeline; the world refuses only what the Server cannot send.
    private func extendRenewalDate(_ productId: String, days: Int, reasonCode: Int) throws {
        guard world.settings.server != .down else { throw WorldActionError.refused(.serverDownForExtend) }
        guard let originalId = try world.server.creditedSubscription(productId, account: world.store.account) else {
            throw WorldActionError.refused(.nothingToExtend(productId: productId))
        }
        try world.record(.command, from: .user, to: .server, what: .user(.extendRenewalDate(productId: productId, days: days)),
                         transactionId: originalId)
        try world.server.extendRenewalDate(originalId, productId: productId, days: days, reasonCode: reasonCode, link: world.link)
        try world.settle()
    }

    private func fillServerDisk(_ full: Bool) throws {
        world.server.setDiskFull(full)
        try world.record(.command, from: .user, to: .server, what: .user(.serverDisk(full: full)), transactionId: nil)
    }

    /// The Server's operator copies the app's shared secret from the Store, or a wrong one.
    private func configureServer(sharedSecretRight right: Bool) throws {
        let secret = right ? world.store.sharedSecret : "not " + world.store.sharedSecret
        try world.server.configure { $0.sharedSecret = secret }
        try world.record(.command, from: .user, to: .server, what: .user(.sharedSecret(right: right)), transactionId: nil)
    }

    /// The Server asks `verifyReceipt` by POST, as it must, or by GET.
    private func configureServer(usesPost post: Bool) throws {
        try world.server.configure { $0.usesPost = post }
        try world.record(.command, from: .user, to: .server, what: .user(.verifyMethod(post: post)), transactionId: nil)
    }

    /// The Server sends each receipt to production first, as Apple tells a production Server to,
    /// or to the sandbox first, as a development or staging Server is pointed.
    private func configureServer(verifiesFirst environment: StoreEnvironment) throws {
        try world.server.configure { $0.verifiesFirst = environment }
        try world.record(.command, from: .user, to: .server, what: .user(.verifyFirst(environment)), transactionId: nil)
    }
}
