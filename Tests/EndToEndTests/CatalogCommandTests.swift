import Foundation
import Testing
import TestSupport

/// `storesim catalog check|convert` and Xcode `.storekit` files wherever a catalog is taken,
/// through the built binary.
@Suite struct CatalogCommandTests {
    static let version2 = "Scenarios/storekit-v2-crash-recovery.storekit"
    static let version4 = "Scenarios/storekit-v4-ask-to-buy-crash.storekit"

    @Test func checkPrintsProductsSettingsAndWhatWasIgnored() throws {
        let result = try StoreSimProcess.run(["catalog", "check", Self.version2])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout == """
            Scenarios/storekit-v2-crash-recovery.storekit: Xcode StoreKit configuration file, format version 2.0
            storefront USA, prices in USD; product language en_US

            5 products:
              com.gemquest.gems.small
                consumable, $0.99, credits +1 com.gemquest.gems.small, not family shareable
                en_US: "Small Gem Pack" — "A handful of gems"
                zh_CN: "小宝石包" — "一把宝石"
                $.products[0].localizations[1].locale: locale zh_Hans is read as zh_CN
                $.products[0]: a consumable in a .storekit file has no grant: the Server credits one unit of the product itself, +1 com.gemquest.gems.small
              com.gemquest.gems.large
                consumable, $4.99, credits +1 com.gemquest.gems.large, not family shareable
                en_US: "Large Gem Pack" — "Large Gem Pack"
                $.products[1].localizations[0]: en_US has no description: the description is the title
                $.products[1]: a consumable in a .storekit file has no grant: the Server credits one unit of the product itself, +1 com.gemquest.gems.large
              com.gemquest.noads
                nonConsumable, $2.99, family shareable
                en_US: "Remove Ads" — "Play without ads, for good"
              com.gemquest.club.monthly
                autoRenewable, $3.99 every P1M, group "Gem Club" level 2, not family shareable
                introductory offer: free trial of P1W
                promotional offer comeback3: payUpFront: $0.99 once for P3M
                en_US: "Gem Club (Monthly)" — "Daily gems, every month"
              com.gemquest.club.yearly
                autoRenewable, $29.99 every P1Y, group "Gem Club" level 1, not family shareable
                introductory offer: payAsYouGo: $1.99 a period for 3 periods of P1M
                en_US: "Gem Club (Yearly)" — "Daily gems and a bonus chest, all year"

            settings:
              _storefront "USA" → the storefront: prices in USD
              _askToBuyEnabled false → off, as a new world starts
              _billingIssuesEnabled false → read, not yet simulated: StoreSim's billing problems are per subscription (subscription PRODUCT billing fail)
              _failTransactionsEnabled false → off, as a new world starts
              _locale "en_US" → the product language en_US (the interface's, unless --lang says otherwise)
              _storeKitError 0 → no StoreKit error, as a new world starts
              _timeRate 0 → real time, as a new world starts

            ignored (keys StoreSim does not use):
              $.identifier
              $.products[0].internalID
              $.products[1].internalID
              $.products[2].internalID
              $.subscriptionGroups[0].localizations
              $.subscriptionGroups[0].subscriptions[0].adHocOffers[0].internalID
              $.subscriptionGroups[0].subscriptions[0].internalID
              $.subscriptionGroups[0].subscriptions[0].introductoryOffer.internalID
              $.subscriptionGroups[0].subscriptions[0].subscriptionGroupID
              $.subscriptionGroups[0].subscriptions[1].internalID
              $.subscriptionGroups[0].subscriptions[1].introductoryOffer.internalID
              $.subscriptionGroups[0].subscriptions[1].subscriptionGroupID
              $.subscriptionOffersKeyPair

            """)
    }

    @Test func checkSaysWhatEachSettingDoes() throws {
        let result = try StoreSimProcess.run(["catalog", "check", Self.version4])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(Self.version4): Xcode StoreKit configuration file, format version 4.0")
        #expect(lines.contains("  _askToBuyEnabled true → store ask-to-buy on, when a world is created"))
        #expect(lines.contains("  _billingGracePeriodEnabled false → off, as a new world starts"))
        #expect(lines.contains("  _timeRate 0 → real time, as a new world starts"))
        #expect(lines.contains("    nonRenewing, $5.99, no duration, not family shareable"))
        #expect(lines.contains("    consumable, $1.99, credits +1 com.gemquest.coins, not family shareable"))
        #expect(lines.contains("    $.products[0]: a consumable in a .storekit file has no grant: the Server credits one unit of the product itself, +1 com.gemquest.coins"))
        #expect(lines.contains("  $.appPolicies"))
    }

    @Test func checkOfCatalogJSONHasNothingIgnored() throws {
        let result = try StoreSimProcess.run(["catalog", "check", "catalog.json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("catalog.json: StoreSim catalog (catalog.json format)\nstorefront USA, prices in USD\n\n6 products:\n"))
        #expect(result.stdout.hasSuffix("settings:\n  none (catalog.json has none)\n\nignored (keys StoreSim does not use):\n  nothing (catalog.json refuses keys it does not know)\n"))
        #expect(result.stdout.contains("  com.storesim.premium.monthly\n    autoRenewable, $2.99 every P1M, group \"premium\" level 2, family shareable\n    introductory offer: free trial of P1W\n"))
    }

    /// `convert --to storekit` of the project's catalog, read back, gives the same products:
    /// converted back to JSON it is the project's file byte for byte.
    @Test func theProjectCatalogRoundTrips() throws {
        let folder = try TemporaryFolder()
        let storeKit = try StoreSimProcess.run(["catalog", "convert", "catalog.json", "--to", "storekit"])
        #expect(storeKit.status == 0 && storeKit.stderr.isEmpty)
        #expect(storeKit.stdout.contains("\"version\" : {\n    \"major\" : 4,\n    \"minor\" : 0\n  }"))
        let written = try folder.write("App.storekit", storeKit.stdout)
        let json = try StoreSimProcess.run(["catalog", "convert", written, "--to", "json"])
        #expect(json.status == 0 && json.stderr.isEmpty)
        #expect(json.stdout == (try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("catalog.json"), encoding: .utf8)))
    }

    /// A catalog of 5,000 products, converted to `.storekit` (more than twice its size), is a
    /// catalog StoreSim reads, and converts back.
    @Test func aCatalogOfFiveThousandProductsConvertsToAStoreKitFileThatLoads() throws {
        let folder = try TemporaryFolder()
        let products = (0..<5_000).map { index in
            #"{"id": "com.test.\#(index)", "type": "consumable", "referenceName": "P\#(index)", "price": "0.99", "#
                + #""localizations": {"en_US": {"title": "P\#(index)", "description": "d"}}, "grant": {"coins": 1}}"#
        }
        let json = try folder.write("big.json", #"{"storefront": "USA", "products": [\#(products.joined(separator: ", "))]}"#)
        let storeKit = try StoreSimProcess.run(["catalog", "convert", json, "--to", "storekit"])
        #expect(storeKit.status == 0 && storeKit.stderr.isEmpty, "\(storeKit.stderr)")
        #expect(storeKit.stdout.utf8.count > 1 << 20)
        let written = try folder.write("big.storekit", storeKit.stdout)
        let check = try StoreSimProcess.run(["catalog", "check", written])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("\n5000 products:\n"))
        let back = try StoreSimProcess.run(["catalog", "convert", written, "--to", "json"])
        #expect(back.status == 0, "\(back.stderr)")
    }

    @Test func anXcodeFileConvertsToAValidCatalogAndSaysWhatItLeftOut() throws {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["catalog", "convert", Self.version2, "--to", "json"])
        #expect(result.status == 0)
        #expect(result.stderr == """
            storesim: note: \(Self.version2): $.settings: catalog.json has no settings: left out the product language en_US

            """)
        let converted = try folder.write("catalog.json", result.stdout)
        let check = try StoreSimProcess.run(["catalog", "check", converted])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("    consumable, $0.99, credits +1 com.gemquest.gems.small, not family shareable"))
        #expect(check.stdout.contains("    introductory offer: payAsYouGo: $1.99 a period for 3 periods of P1M"))
        expectOneErrorLine(try StoreSimProcess.run(["catalog", "convert", Self.version4, "--to", "json"]),
                      "\(Self.version4): $.nonRenewingSubscriptions[0]: Xcode records no duration for a non-renewing subscription and catalog.json needs one: give the product \"storesim\": {\"duration\": \"P1M\"} with its real duration")
    }

    /// Malformed JSON, a missing productID, a repeated id, an unknown type, a bad period: one
    /// line with the JSON path, status 2, from `catalog check` and from every command that takes
    /// a catalog.
    @Test func badXcodeFilesAreOneLineEverywhere() throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent(Self.version2), encoding: .utf8)
        let script = try folder.write("buy.scenario", "buy com.gemquest.noads\n")
        let cases: [(String, String, String)] = [
            ("\"referenceName\" : \"gems-large\",", "\"referenceName\" : \"gems-large\"", "$: not valid JSON: expected ',' or '}' in an object at line 40, column 7"),
            ("\"productID\" : \"com.gemquest.noads\",", "", "$.products[2].productID: missing required key"),
            ("\"productID\" : \"com.gemquest.club.yearly\"", "\"productID\" : \"com.gemquest.gems.small\"",
             "$.subscriptionGroups[0].subscriptions[1].productID: duplicate id \"com.gemquest.gems.small\", already used by $.products[0]"),
            ("\"type\" : \"NonConsumable\"", "\"type\" : \"Subscription\"", "$.products[2].type: unknown type \"Subscription\" (expected Consumable or NonConsumable here)"),
            ("\"recurringSubscriptionPeriod\" : \"P1Y\"", "\"recurringSubscriptionPeriod\" : \"1 year\"",
             "$.subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod: \"1 year\" is not an ISO 8601 duration like P1W, P1M or P1Y (years, months, weeks, days)"),
        ]
        for (index, (original, replacement, problem)) in cases.enumerated() {
            #expect(text.contains(original))
            let file = try folder.write("bad\(index).storekit", text.replacingOccurrences(of: original, with: replacement))
            expectOneErrorLine(try StoreSimProcess.run(["catalog", "check", file]), "\(file): \(problem)")
            expectOneErrorLine(try StoreSimProcess.run(["run", "--catalog", file, script]), "\(file): \(problem)")
            expectOneErrorLine(try StoreSimProcess.run(["chaos", "--runs", "1", "--catalog", file]), "\(file): \(problem)")
        }
    }

    @Test func usageMistakesAreOneLine() throws {
        let usage = "storesim catalog check FILE | storesim catalog convert FILE --to json|storekit|play"
        expectOneErrorLine(try StoreSimProcess.run(["catalog"]), "'catalog' needs check|convert FILE: \(usage)")
        expectOneErrorLine(try StoreSimProcess.run(["catalog", "check", "catalog.json", "--to", "json"]), "--to is only for 'catalog convert': \(usage)")
        expectOneErrorLine(try StoreSimProcess.run(["catalog", "convert", "catalog.json"]), "'catalog convert' needs --to json|storekit|play: \(usage)")
        expectOneErrorLine(try StoreSimProcess.run(["catalog", "convert", "catalog.json", "--to", "xml"]), "unknown format 'xml' for --to; expected json, storekit or play")
        expectOneErrorLine(try StoreSimProcess.run(["catalog", "lint", "catalog.json"]), "unknown action 'lint'; expected check or convert: \(usage)")
        expectOneErrorLine(try StoreSimProcess.run(["catalog", "check", "missing.storekit"]), "missing.storekit: $: no such file")
        let help = try StoreSimProcess.run(["help", "catalog"])
        #expect(help.status == 0 && help.stdout.hasPrefix("usage: \(usage)\n"))
        #expect(try StoreSimProcess.run(["--help"]).stdout.contains("\n  catalog "))
    }

    /// An Xcode file is known by its content: under any name it is the catalog of `run`, and its
    /// settings set the Store's switches when the world is created, which the transcript says.
    @Test func anXcodeFileUnderAnyNameIsTheCatalogAndItsSettingsStartTheWorld() throws {
        let folder = try TemporaryFolder()
        let text = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent(Self.version4), encoding: .utf8)
        let catalog = try folder.write("products.json", text)
        let script = try folder.write("ask.scenario", "buy com.gemquest.pro\nexpect credited com.gemquest.pro 0\napprove com.gemquest.pro\nexpect owned com.gemquest.pro yes\n")
        let world = folder.file("world")
        let run = try StoreSimProcess.run(["run", "--data-dir", world, "--catalog", catalog, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("  ── 2026-01-01 ──\n  00:00:00.000  User: the catalog's settings: store ask-to-buy on\n== \(script)\n"), "the world is created before the script runs")
        #expect(run.stdout.contains("Store   ──▶ App      deferred com.gemquest.pro tx 1000000000000001"))
        let again = try folder.write("again.scenario", "buy com.gemquest.pro\nexpect credited com.gemquest.pro 1\n")
        let reopened = try StoreSimProcess.run(["run", "--data-dir", world, again])
        #expect(reopened.status == 0, "the recorded .storekit is the catalog again: \(reopened.stdout)")
        #expect(!reopened.stdout.contains("the catalog's settings"), "an existing world keeps its switches")
        let state = try StoreSimProcess.run(["state", "--data-dir", world])
        #expect(state.status == 0 && state.stdout.contains("Gem Quest Pro"))
    }
}
