import Foundation
import Testing
@testable import IAPCore

/// A catalog names the app its products are sold in — bundle id, App Apple ID, build version —
/// in `catalog.json`'s `app` object or a `.storekit`'s top-level `storesim` object; each part
/// it leaves out, and a catalog that names none, keeps StoreSim's own.
@Suite struct AppIdentityCatalogTests {
    private static var shop: [String: Any] { ["bundleId": "com.example.shop", "appAppleId": 6_470_000_042, "bundleVersion": "7.1.2"] }

    @Test func catalogJSONNamesTheAppAndEachPartItLeavesOutIsStoreSims() throws {
        let named = try CatalogParser.parse(Data(CatalogFixture.document([CatalogFixture.product()], ["app": Self.shop]).utf8),
                                            file: CatalogFixture.file)
        #expect(named.app == AppIdentity(bundleId: "com.example.shop", appAppleId: 6_470_000_042, bundleVersion: "7.1.2"))
        let partly = try CatalogParser.parse(Data(CatalogFixture.document([CatalogFixture.product()], ["app": ["bundleId": "a.b"]]).utf8),
                                             file: CatalogFixture.file)
        #expect(partly.app == AppIdentity(bundleId: "a.b", appAppleId: AppIdentity.standard.appAppleId,
                                          bundleVersion: AppIdentity.standard.bundleVersion))
        let none = try CatalogParser.parse(Data(CatalogFixture.document([CatalogFixture.product()]).utf8), file: CatalogFixture.file)
        #expect(none.app == .standard)
        #expect(AppIdentity.standard.bundleId == "com.storesim.app")
    }

    @Test func aBadPartIsOneErrorWithItsPath() {
        let product = [CatalogFixture.product()]
        expectCatalogError(CatalogFixture.document(product, ["app": ["bundleId": "com example"]]), path: "$.app.bundleId",
                           problem: "\"com example\" is not a bundle id: use letters, digits, hyphens and periods")
        expectCatalogError(CatalogFixture.document(product, ["app": ["appAppleId": 0]]), path: "$.app.appAppleId",
                           problem: "must be a whole number from 1 to 999999999999")
        expectCatalogError(CatalogFixture.document(product, ["app": ["appAppleId": "42"]]), path: "$.app.appAppleId",
                           problem: "expected a number")
        expectCatalogError(CatalogFixture.document(product, ["app": ["bundleVersion": "1.2.3.4"]]), path: "$.app.bundleVersion",
                           problem: "is not a build version: one to three period-separated whole numbers")
        expectCatalogError(CatalogFixture.document(product, ["app": ["bundleID": "a.b"]]), path: "$.app.bundleID",
                           problem: "unknown key")
    }

    @Test func anXcodeFileNamesTheAppInItsStoreSimObject() throws {
        let document = StoreKitFixture.document(products: [StoreKitFixture.product("com.a")])
            .replacingOccurrences(of: #""identifier":"#, with: #""storesim":{"app":{"appAppleId":42,"bundleId":"com.example.shop"}},"identifier":"#)
        let catalog = try StoreKitFixture.read(document).catalog
        #expect(catalog.app == AppIdentity(bundleId: "com.example.shop", appAppleId: 42, bundleVersion: AppIdentity.standard.bundleVersion))
    }

    @Test func convertingKeepsTheAppBothWays() throws {
        let text = CatalogFixture.document([CatalogFixture.product()], ["app": Self.shop])
        let catalog = try CatalogParser.parse(Data(text.utf8), file: CatalogFixture.file)
        let storeKit = try CatalogWriter.storeKit(catalog, file: "shop.storekit")
        #expect(storeKit.text.contains("  \"storesim\" : {\n    \"app\" : {\n      \"appAppleId\" : 6470000042,"), "\(storeKit.text)")
        let back = try CatalogParser.read(Data(storeKit.text.utf8), file: "shop.storekit")
        #expect(back.catalog.app == catalog.app)
        let json = try CatalogWriter.storeSimJSON(back, file: "shop.storekit")
        #expect(try CatalogParser.parse(Data(json.text.utf8), file: "catalog.json").app == catalog.app)
        let plain = try CatalogWriter.storeKit(try CatalogParser.parse(Data(CatalogFixture.document([CatalogFixture.product()]).utf8),
                                                                           file: CatalogFixture.file), file: "plain.storekit")
        #expect(!plain.text.contains("\"app\" : {"), "a catalog without an app of its own writes none: \(plain.text)")
    }
}
