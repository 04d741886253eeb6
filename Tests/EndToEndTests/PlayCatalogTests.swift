import Foundation
import Glibc
import Testing
import TestSupport

/// Google Play catalogs (the Developer API's `inappproduct` and `subscriptions` lists in one
/// file) through the built binary: `catalog convert --to play` and back, `catalog check`, a Play
/// world made from one, and every bad input as one line.
@Suite struct PlayCatalogTests {
    /// A catalog as a team would save it from `inappproducts.list` and
    /// `monetization.subscriptions.list`, with the keys StoreSim does not use.
    static let gold = """
        {
          "kind": "androidpublisher#inappproductsListResponse",
          "inappproduct": [
            {"packageName": "com.example.gold", "sku": "gems_100", "status": "active", "purchaseType": "managedUser",
             "defaultPrice": {"priceMicros": "1990000", "currency": "USD"},
             "listings": {"en-US": {"title": "100 Gems", "description": "A pouch of gems"}},
             "storesim": {"type": "consumable", "grant": {"gems": 100}}},
            {"sku": "no_ads", "purchaseType": "managedUser", "defaultPrice": {"priceMicros": "2990000", "currency": "USD"},
             "listings": {"en-US": {"title": "No Ads", "description": "Play without ads"}}}
          ],
          "subscriptions": [
            {"packageName": "com.example.gold", "productId": "gold_club",
             "listings": [{"languageCode": "en-US", "title": "Gold Club", "benefits": ["Gems every week"]}],
             "basePlans": [
               {"basePlanId": "every-week", "state": "ACTIVE",
                "autoRenewingBasePlanType": {"billingPeriodDuration": "P1W", "gracePeriodDuration": "P3D"},
                "regionalConfigs": [{"regionCode": "US", "newSubscriberAvailability": true,
                                     "price": {"currencyCode": "USD", "units": "1", "nanos": 490000000}}]}
             ]}
          ]
        }

        """

    /// The project's catalog as a Play catalog: one subscription `premium` with the base plans
    /// `monthly` and `yearly`; converted back, the project's file byte for byte.
    @Test func theProjectCatalogRoundTripsThroughAPlayCatalog() throws {
        let folder = try TemporaryFolder()
        let play = try StoreSimProcess.run(["catalog", "convert", "catalog.json", "--to", "play"])
        #expect(play.status == 0 && play.stderr.isEmpty, "\(play.stderr)")
        #expect(play.stdout.contains("\"productId\": \"premium\""))
        #expect(play.stdout.contains("\"basePlanId\": \"monthly\",\n          \"state\": \"ACTIVE\",\n          \"autoRenewingBasePlanType\": {\n            \"billingPeriodDuration\": \"P1M\"\n          }"))
        #expect(play.stdout.contains("\"price\": {\n                \"currencyCode\": \"USD\",\n                \"units\": \"2\",\n                \"nanos\": 990000000\n              }"))
        #expect(play.stdout.contains("\"defaultPrice\": {\n        \"priceMicros\": \"990000\",\n        \"currency\": \"USD\"\n      }"))
        let written = try folder.write("play.json", play.stdout)
        let check = try StoreSimProcess.run(["catalog", "check", written])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasPrefix("\(written): Google Play catalog (the Developer API's inappproducts and monetization.subscriptions lists)\nstorefront USA, prices in USD\n\n6 products:\n"))
        #expect(check.stdout.hasSuffix("ignored (keys StoreSim does not use):\n  nothing\n"))
        let json = try StoreSimProcess.run(["catalog", "convert", written, "--to", "json"])
        #expect(json.status == 0 && json.stderr.isEmpty, "\(json.stderr)")
        #expect(json.stdout == (try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("catalog.json"), encoding: .utf8)))
    }

    /// A prepaid base plan is not simulated: check lists it under "left out" and convert says so
    /// on stderr, rather than ignore its key.
    @Test func aPrepaidBasePlanIsLeftOutWithANote() throws {
        let folder = try TemporaryFolder()
        let play = try StoreSimProcess.run(["catalog", "convert", "catalog.json", "--to", "play"])
        let prepaid = try folder.write("prepaid.json", play.stdout.replacingOccurrences(of: "autoRenewingBasePlanType", with: "prepaidBasePlanType"))
        let check = try StoreSimProcess.run(["catalog", "check", prepaid])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("\n4 products:\n"), "\(check.stdout)")
        #expect(check.stdout.contains("left out:\n  com.storesim.premium.monthly $.subscriptions[0].basePlans[0]: "
                                      + "a prepaid or installments base plan: not simulated, left out\n"), "\(check.stdout)")
        #expect(check.stdout.hasSuffix("ignored (keys StoreSim does not use):\n  nothing\n"), "\(check.stdout)")
        let json = try StoreSimProcess.run(["catalog", "convert", prepaid, "--to", "json"])
        #expect(json.status == 0)
        #expect(json.stderr.contains("note: \(prepaid): $.subscriptions[0].basePlans[1]: a prepaid or installments base plan: not simulated, left out\n"),
                "\(json.stderr)")
    }

    /// An Xcode file's settings have no place in a Play catalog: convert says what it left out;
    /// a pass without a duration and two products Play would name alike are refused.
    @Test func convertingAnXcodeFileSaysWhatPlayCannotHold() throws {
        let version2 = CatalogCommandTests.version2
        let play = try StoreSimProcess.run(["catalog", "convert", version2, "--to", "play"])
        #expect(play.status == 0)
        #expect(play.stderr == "storesim: note: \(version2): $.settings: a Play catalog has no settings: left out the product language en_US\n")
        #expect(play.stdout.contains("\"productId\": \"gem_club\""), "the group Gem Club in Google's alphabet")
        #expect(play.stdout.contains("\"group\": \"Gem Club\""))
        expectOneErrorLine(try StoreSimProcess.run(["catalog", "convert", CatalogCommandTests.version4, "--to", "play"]),
                      "\(CatalogCommandTests.version4): $.nonRenewingSubscriptions[0]: Xcode records no duration for a non-renewing subscription and a Play catalog needs one: give the product \"storesim\": {\"duration\": \"P1M\"} with its real duration")
        expectOneErrorLine(try StoreSimProcess.run(["catalog", "convert", "Scenarios/subscription-crossgrade.storekit", "--to", "play"]),
                      "Scenarios/subscription-crossgrade.storekit: $: com.newsstand.digital.monthly and com.newsstand.print.monthly would both be the base plan monthly of the subscription newsstand in Google Play, which tells them apart by these ids alone; nothing written")
    }

    /// A team's file: check lists what it ignored and what it read a one-time product as.
    @Test func checkOfATeamsFileSaysWhatItIgnoredAndWhatPlayDoesNotRecord() throws {
        let folder = try TemporaryFolder()
        let check = try StoreSimProcess.run(["catalog", "check", try folder.write("gold.json", Self.gold)])
        #expect(check.status == 0, "\(check.stderr)")
        let lines = check.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("  gold_club.every-week"))
        #expect(lines.contains("    autoRenewable, $1.49 every P1W, group \"gold_club\""))
        #expect(lines.contains("    en_US: \"Gold Club\" — \"Gold Club\""))
        #expect(lines.contains("    consumable, $1.99, credits +100 gems"))
        #expect(lines.contains("    $.inappproduct[1]: Play does not record whether the app consumes a one-time product: read as nonConsumable (\"storesim\": {\"type\": \"consumable\"} says otherwise)"))
        #expect(check.stdout.hasSuffix("""
            ignored (keys StoreSim does not use):
              $.inappproduct[0].packageName
              $.kind
              $.subscriptions[0].basePlans[0].autoRenewingBasePlanType.gracePeriodDuration
              $.subscriptions[0].basePlans[0].regionalConfigs[0].newSubscriberAvailability
              $.subscriptions[0].listings[0].benefits
              $.subscriptions[0].packageName

            """))
    }

    /// A Play world made from a Play catalog sells its base plan under the file's names: `state`
    /// names the subscription and the base plan, and the purchase renews every `P1W`.
    @Test func aPlayWorldFromAPlayCatalogSellsTheFilesBasePlans() throws {
        let folder = try TemporaryFolder()
        let catalog = try folder.write("gold.json", Self.gold)
        let script = try folder.write("buy.scenario", "buy gold_club.every-week\nexpect owned gold_club.every-week yes\nadvance 8d\nbuy gems_100\nexpect balance gems 100\n")
        let world = folder.file("world")
        let run = try StoreSimProcess.run(["run", "--store", "play", "--data-dir", world, "--catalog", catalog, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("(gold_club.every-week) renewed until 2026-01-15 00:00:00"))
        let state = try StoreSimProcess.run(["state", "--data-dir", world])
        #expect(state.status == 0)
        #expect(state.stdout.contains("  gold_club.every-week  [PURCHASED, acknowledged, SUBSCRIPTION_STATE_ACTIVE, expires 2026-01-15 00:00:00, base plan every-week of gold_club, every P1W]  2026-01-01 00:00:00"), "\(state.stdout)")
        let json = try StoreSimProcess.run(["state", "--data-dir", world, "--json"])
        #expect(json.stdout.contains("\"autoRenewing\": true, \"basePlan\": {\"productId\": \"gold_club\", \"basePlanId\": \"every-week\", \"billingPeriodDuration\": \"P1W\"}}"), "\(json.stdout)")
    }

    /// Each bad input is one line naming the file, the JSON path and the problem, from `catalog
    /// check` and from `run --catalog`.
    @Test func badPlayCatalogsAreOneLineEverywhere() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.scenario", "buy no_ads\n")
        let cases: [(String, String, String)] = [
            ("\"productId\": \"gold_club\",", "", "$.subscriptions[0].productId: missing required key"),
            ("\"sku\": \"no_ads\", ", "", "$.inappproduct[1].sku: missing required key"),
            ("\"billingPeriodDuration\": \"P1W\"", "\"billingPeriodDuration\": \"one week\"",
             "$.subscriptions[0].basePlans[0].autoRenewingBasePlanType.billingPeriodDuration: \"one week\" is not an ISO 8601 duration like P1W, P1M or P1Y (years, months, weeks, days)"),
            ("\"billingPeriodDuration\": \"P1W\"", "\"billingPeriodDuration\": 7",
             "$.subscriptions[0].basePlans[0].autoRenewingBasePlanType.billingPeriodDuration: expected a string, found a number"),
            ("\"basePlanId\": \"every-week\"", "\"basePlanId\": \"Every_Week\"",
             "$.subscriptions[0].basePlans[0].basePlanId: \"Every_Week\" is not an id Google takes here: lower-case letters, digits and hyphens, starting with a letter or digit, at most 63 characters"),
            ("\"priceMicros\": \"2990000\", \"currency\": \"USD\"", "\"priceMicros\": \"2990000\", \"currency\": \"EUR\"",
             "$.inappproduct[1].defaultPrice.currency: \"EUR\" is not USD, the currency of the storefront USA"),
            ("\"priceMicros\": \"2990000\"", "\"priceMicros\": \"2995000\"", "$.inappproduct[1].defaultPrice.priceMicros: 2.995: USD prices have at most 2 decimals"),
            ("\"sku\": \"no_ads\"", "\"sku\": \"gems_100\"", "$.inappproduct[1].sku: duplicate id \"gems_100\", already used by $.inappproduct[0]"),
            ("\"type\": \"consumable\"", "\"type\": \"autoRenewable\"",
             "$.inappproduct[0].storesim.type: unknown type \"autoRenewable\" (expected consumable, nonConsumable, nonRenewing here)"),
            ("\"purchaseType\": \"managedUser\",\n", "\"purchaseType\": \"subscription\",\n",
             "$.inappproduct[0].purchaseType: a legacy subscription in inappproducts: StoreSim reads subscriptions from the monetization.subscriptions list (\"subscriptions\")"),
            ("\"regionCode\": \"US\"", "\"regionCode\": \"GB\"",
             "$.subscriptions[0].basePlans[0]: no regionalConfigs entry for the region US (the storefront USA's), which prices it"),
            ("\"productId\": \"gold_club\",", "\"productId\": \"gold_club\", \"storesim\": {\"group\": \"Silver\"},",
             "$.subscriptions[0].storesim.group: the group \"Silver\" is the subscription silver in a Play world, not gold_club"),
            ("\"state\": \"ACTIVE\",", "\"state\": \"ACTIVE\", \"storesim\": {\"id\": \"com.example.gold.weekly\"},",
             "$.subscriptions[0].basePlans[0].storesim.id: \"com.example.gold.weekly\" is the base plan weekly in a Play world, not every-week"),
            ("\"kind\": \"androidpublisher#inappproductsListResponse\",", "\"kind\": \"androidpublisher#inappproductsListResponse\"",
             "$: not valid JSON: expected ',' or '}' in an object at line 3, column 3"),
        ]
        for (index, (original, replacement, problem)) in cases.enumerated() {
            #expect(Self.gold.contains(original), "\(original)")
            let file = try folder.write("bad\(index).json", Self.gold.replacingOccurrences(of: original, with: replacement))
            expectOneErrorLine(try StoreSimProcess.run(["catalog", "check", file]), "\(file): \(problem)")
            expectOneErrorLine(try StoreSimProcess.run(["run", "--store", "play", "--catalog", file, script]), "\(file): \(problem)")
        }
        let plan = #"{"basePlanId": "every-week", "autoRenewingBasePlanType": {"billingPeriodDuration": "P1M"}, "regionalConfigs": [{"regionCode": "US", "price": {"currencyCode": "USD", "units": "3"}}]}"#
        let twice = try folder.write("twice.json", #"{"subscriptions": [{"productId": "gold", "basePlans": [\#(plan), \#(plan)]}]}"#)
        expectOneErrorLine(try StoreSimProcess.run(["catalog", "check", twice]),
                      "\(twice): $.subscriptions[0].basePlans[1].basePlanId: duplicate basePlanId \"every-week\", already used by $.subscriptions[0].basePlans[0]")
    }

    /// The file limits of every catalog: over 16 MiB is refused before it is parsed; a symbolic
    /// link is followed to the file it names, and one that names nothing is a missing file.
    @Test func aPlayCatalogHasTheLimitsOfEveryCatalog() throws {
        let folder = try TemporaryFolder()
        let large = try folder.write("large.json", Self.gold + String(repeating: " ", count: 16 << 20))
        expectOneErrorLine(try StoreSimProcess.run(["catalog", "check", large]), "\(large): $: too large to be a catalog (the limit is 16 MiB)")
        let gold = try folder.write("gold.json", Self.gold)
        let link = folder.file("linked.json")
        #expect(symlink(gold, link) == 0)
        let check = try StoreSimProcess.run(["catalog", "check", link])
        #expect(check.status == 0 && check.stdout.hasPrefix("\(link): Google Play catalog"), "\(check.stderr)")
        let dangling = folder.file("dangling.json")
        #expect(symlink(folder.file("nowhere.json"), dangling) == 0)
        expectOneErrorLine(try StoreSimProcess.run(["catalog", "check", dangling]), "\(dangling): $: no such file")
    }
}
