// swift-tools-version:6.0
import PackageDescription

// StoreSim targets Linux only: it imports Glibc and reads /proc, and is built and tested on Linux.
let package = Package(
    name: "storesim",
    products: [
        .executable(name: "storesim", targets: ["storesim"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto"),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .systemLibrary(name: "CWidth", path: "Sources/CWidth"),
        .systemLibrary(name: "CRename", path: "Sources/CRename"),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD"),
        .target(name: "IAPCore"),
        // HTTP/1.1 on libmicrohttpd: the only module that touches it.
        .target(name: "HTTPServing", dependencies: ["CMicroHTTPD"]),
        // Outgoing HTTP, one request at a time with a timeout: the world's way out to a backend.
        .target(name: "HTTPCalls"),
        .target(name: "Storage", dependencies: ["CSQLite", "CRename"]),
        .target(name: "Signing", dependencies: ["IAPCore", "CCrypto"]),
        .target(name: "StoreEngine", dependencies: ["IAPCore", "Storage", "CCrypto", "Signing"]),
        // The simulated Google Play (play.sqlite): one-time purchases, the Billing Library's and the
        // Developer API's calls, the three-day rule, voided purchases.
        .target(name: "PlayEngine", dependencies: ["IAPCore", "Storage"]),
        .target(name: "OrderServer", dependencies: ["IAPCore", "Storage", "Signing"]),
        .target(name: "IAPClient", dependencies: ["IAPCore", "Storage", "Signing"]),
        // The deterministic world: the parties, the messages between them, the clock, crash
        // points, the timeline and the data directory; it carries out commands.
        .target(name: "WorldCore", dependencies: ["IAPCore", "Storage", "StoreEngine", "PlayEngine", "OrderServer", "IAPClient", "Signing", "HTTPCalls"]),
        // What the faces read of a world: the view, the audit and the snapshot, with their caches.
        .target(name: "ReadSide", dependencies: ["WorldCore", "IAPCore", "StoreEngine", "PlayEngine", "OrderServer", "IAPClient", "Signing", "Storage", "HTTPCalls"]),
        // The scenario language: each command declared once, the parser, the runner and its checks.
        .target(name: "ScenarioLanguage", dependencies: ["WorldCore", "ReadSide", "IAPCore", "StoreEngine", "PlayEngine", "OrderServer", "IAPClient"]),
        // Timeline, Mermaid and JUnit exports.
        .target(name: "Exports", dependencies: ["WorldCore", "ScenarioLanguage", "IAPCore"]),
        // Chaos and the strategy matrix: worlds driven by drawn or enumerated commands.
        .target(name: "Drivers", dependencies: ["WorldCore", "ReadSide", "ScenarioLanguage", "IAPCore", "IAPClient", "Storage", "StoreEngine", "CMalloc"]),
        .target(name: "Bench", dependencies: ["WorldCore", "ReadSide", "ScenarioLanguage", "Drivers", "IAPCore", "IAPClient", "Storage",
                                            "Serving", "HTTPServing", "Signing", "StoreEngine"]),
        // The lessons, built into the binary so that the interface opens them from any folder.
        .target(name: "Lessons", dependencies: ["IAPCore"], path: "Scenarios/lessons", sources: ["Lesson.swift"],
                resources: [.embedInCode("1-seed-one-window.scenario"), .embedInCode("2-reply-lost.scenario"),
                            .embedInCode("3-ask-to-buy-while-closed.scenario"), .embedInCode("4-same-crash-app-store.scenario"),
                            .embedInCode("5-same-crash-google-play.scenario")]),
        // `storesim serve`'s face: one world answering HTTP requests on its own thread.
        .target(name: "Serving", dependencies: ["HTTPServing", "WorldCore", "ReadSide", "ScenarioLanguage", "StoreEngine", "IAPCore", "Signing"]),
        .target(name: "StoreTUI", dependencies: ["WorldCore", "ReadSide", "ScenarioLanguage", "IAPCore", "StoreEngine", "CWidth", "Lessons"]),
        .target(name: "Terminal", dependencies: ["StoreTUI", "CNcurses"]),
        .executableTarget(name: "storesim", dependencies: ["WorldCore", "ReadSide", "PlayEngine", "IAPClient", "ScenarioLanguage", "Drivers", "Exports", "Bench", "IAPCore", "Storage", "StoreEngine", "StoreTUI", "Terminal", "Serving", "HTTPServing", "HTTPCalls"]),
        // Helpers every test target shares: temporary folders, a Link double, worlds, a Store and Server
        // joined by a queue, tags.
        .target(name: "TestSupport", dependencies: ["IAPCore", "WorldCore", "Signing", "StoreEngine", "OrderServer", "HTTPServing"], path: "Tests/TestSupport"),
        .testTarget(name: "IAPCoreTests", dependencies: ["IAPCore", "TestSupport"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "IAPCore", "TestSupport"]),
        .testTarget(name: "SigningTests", dependencies: ["Signing", "IAPCore", "CCrypto"]),
        .testTarget(name: "StoreEngineTests", dependencies: ["StoreEngine", "IAPCore", "Storage", "Signing", "TestSupport"]),
        .testTarget(name: "PlayEngineTests", dependencies: ["PlayEngine", "IAPCore", "Storage", "TestSupport"]),
        .testTarget(name: "OrderServerTests", dependencies: ["OrderServer", "StoreEngine", "IAPCore", "Storage", "Signing", "TestSupport"]),
        .testTarget(name: "IAPClientTests", dependencies: ["IAPClient", "IAPCore", "Storage", "Signing", "TestSupport"]),
        .testTarget(name: "WorldTests", dependencies: ["WorldCore", "ReadSide", "ScenarioLanguage", "Drivers", "IAPCore", "IAPClient", "OrderServer", "StoreEngine", "Storage", "TestSupport", "Signing", "HTTPServing"]),
        .testTarget(name: "ServingTests", dependencies: ["Serving", "HTTPServing", "HTTPCalls", "StoreEngine", "PlayEngine", "Signing", "IAPCore", "WorldCore",
                                                        "ScenarioLanguage", "ReadSide", "TestSupport"]),
        .testTarget(name: "DriversTests", dependencies: ["Drivers", "WorldCore", "ScenarioLanguage", "IAPCore", "TestSupport"]),
        .testTarget(name: "ExportsTests", dependencies: ["Exports", "WorldCore", "ScenarioLanguage", "IAPCore", "TestSupport"]),
        .testTarget(name: "BenchTests", dependencies: ["Bench", "WorldCore", "ScenarioLanguage", "IAPClient", "IAPCore", "TestSupport"]),
        .testTarget(name: "StoreTUITests", dependencies: ["StoreTUI", "WorldCore", "ReadSide", "ScenarioLanguage", "IAPCore", "IAPClient", "StoreEngine", "TestSupport", "Signing",
                                                          "Lessons"],
                    exclude: ["Frames"]),
        .testTarget(name: "EndToEndTests", dependencies: ["storesim", "Bench", "Serving", "IAPClient", "IAPCore", "Signing", "Storage", "StoreEngine", "TestSupport",
                                                           "HTTPServing", "Lessons"],
                    exclude: ["Fixtures"]),
    ]
)
