import Foundation
import Glibc
import Testing
import TestSupport

/// Broken catalogs and scripts, as QA feeds them on purpose: each is refused before anything
/// runs, with status 2 and exactly one line `storesim: error: FILE: PLACE: PROBLEM`.
@Suite struct HostileInputTests {
    /// A file's bytes and the `PLACE: PROBLEM` it must be refused with.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let expected: String

        init(_ name: String, _ text: String, _ expected: String) {
            self.init(name, Array(text.utf8), expected)
        }

        init(_ name: String, _ bytes: [UInt8], _ expected: String) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
        }

        var testDescription: String { name }
    }

    private static let coins = #"{"id": "com.a", "type": "consumable", "referenceName": "A", "price": "0.99", "localizations": {"en_US": {"title": "A", "description": "a"}}, "grant": {"coins": 1}}"#
    private static let monthly = #"{"id": "com.m", "type": "autoRenewable", "referenceName": "M", "price": "2.99", "localizations": {"en_US": {"title": "M", "description": "m"}}, "period": "P1M", "group": "g"}"#
    private static let season = #"{"id": "com.s", "type": "nonRenewing", "referenceName": "S", "price": "5.99", "localizations": {"en_US": {"title": "S", "description": "s"}}, "duration": "P3M"}"#

    private static func catalog(_ products: String..., storefront: String = "USA") -> String {
        #"{"storefront": "\#(storefront)", "products": [\#(products.joined(separator: ", "))]}"#
    }

    private static func edit(_ product: String, _ old: String, _ new: String) -> String {
        product.replacingOccurrences(of: old, with: new)
    }

    static let catalogs: [Case] = [
        Case("not JSON", "storefront = USA", "$: not valid JSON: unexpected 's' at line 1, column 1"),
        Case("truncated", #"{"storefront": "USA", "products": [{"id": "a","#,
             "$: not valid JSON: unexpected end of input (expected a key in double quotes) at line 1, column 47"),
        Case("empty", "", "$: not valid JSON: the file is empty"),
        Case("UTF-16", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], "$: not valid JSON: the file is UTF-16 text; save it as UTF-8"),
        Case("binary", [0x00, 0xFF, 0x13], "$: not valid JSON: unexpected byte 0x0 at line 1, column 1"),
        Case("missing id", catalog(edit(coins, #""id": "com.a", "#, "")), "$.products[0].id: missing required key"),
        Case("duplicate id", catalog(coins, coins), #"$.products[1].id: duplicate id "com.a", already used by $.products[0]"#),
        Case("unknown type", catalog(edit(coins, "consumable", "gift")),
             #"$.products[0].type: unknown type "gift" (expected consumable, nonConsumable, autoRenewable, nonRenewing)"#),
        Case("unknown top-level key", #"{"storefront": "USA", "version": 2, "products": [\#(coins)]}"#, "$.version: unknown key; expected one of: storefront, products, app"),
        Case("price not a number", catalog(edit(coins, #""0.99""#, #""cheap""#)),
             #"$.products[0].price: "cheap" is not a decimal price like "0.99""#),
        Case("price as a JSON number", catalog(edit(coins, #""0.99""#, "0.99")),
             #"$.products[0].price: expected a decimal string like "0.99", found a number"#),
        Case("negative price", catalog(edit(coins, "0.99", "-0.99")), "$.products[0].price: must not be negative"),
        Case("three decimals in dollars", catalog(edit(coins, "0.99", "0.999")), "$.products[0].price: USD prices have at most 2 decimals"),
        Case("decimals in yen", catalog(edit(coins, "0.99", "120.5"), storefront: "JPN"),
             "$.products[0].price: JPY prices are whole numbers, without decimals"),
        Case("period in words", catalog(edit(monthly, "P1M", "1 month")),
             #"$.products[0].period: "1 month" is not an ISO 8601 duration like P1W, P1M or P1Y (years, months, weeks, days)"#),
        Case("period in hours", catalog(edit(monthly, "P1M", "PT1H")),
             #"$.products[0].period: "PT1H" is not an ISO 8601 duration like P1W, P1M or P1Y (years, months, weeks, days)"#),
        Case("zero duration", catalog(edit(season, "P3M", "P0D")), #"$.products[0].duration: "P0D" is zero; a duration must be at least one day"#),
        Case("grant on a non-consumable", catalog(edit(coins, #""consumable""#, #""nonConsumable""#)),
             "$.products[0].grant: grant is only for consumables"),
        Case("period on a consumable", catalog(edit(coins, #""grant""#, #""period": "P1M", "grant""#)),
             "$.products[0].period: period is only for autoRenewable products"),
        Case("nesting deep enough to exhaust a naive parser", String(repeating: "[", count: 100_000),
             "$: nesting deeper than 64 levels at line 1, column 65"),
        Case("an escape sequence in an id", catalog(edit(coins, "com.a", #"com.\u001b[2Ja"#)),
             "$.products[0].id: must be one line of text, without control characters (found U+001B)"),
    ]

    static let scripts: [Case] = [
        Case("too few arguments", "expect audit ok\nbuy\n", "line 2: usage: buy PRODUCT [confirm|cancel|ask] or buy PRODUCT offer ID"),
        Case("an argument too many", "launch now\n", "line 1: 'launch' takes no arguments"),
        Case("not a number", "expect balance coins many\n", "line 1: 'many' is not a whole number of zero or more"),
        Case("bad duration", "advance 10y\n", "line 1: bad duration '10y'; expected a positive number and s, m, h or d, like 90s or 30d"),
        Case("unknown network state", "network sideways\n", "line 1: expected 'online' or 'offline', found 'sideways'"),
        Case("binary", Array("expect audit ok\n".utf8) + [0x80, 0x81, 0x00, 0x0A], "line 2: not UTF-8 text; a script is plain text"),
        Case("UTF-16", [0xFF, 0xFE, 0x71, 0x00, 0x0A, 0x00], "is UTF-16 text; save the script as UTF-8"),
        Case("NUL bytes", "\0\0\0\n", "line 1: control character U+0000 in the line; a script is plain text"),
        Case("an escape sequence", "buy \u{1B}[2J\n", "line 1: control character U+001B in the line; a script is plain text"),
        Case("a line too long", "account " + String(repeating: "x", count: 2000) + "\n",
             "line 1: too long: 2008 characters (a command takes at most 1000)"),
        Case("too large", String(repeating: "# a comment\n", count: 100_000), "too large to be a scenario script (over 1 MiB)"),
    ]

    @Test(arguments: catalogs)
    func aBrokenCatalogIsRefusedInOneLine(_ broken: Case) throws {
        let folder = try TemporaryFolder()
        let catalog = folder.path + "/catalog.json"
        #expect(FileManager.default.createFile(atPath: catalog, contents: Data(broken.bytes)))
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        try expectRefusal(["run", "--catalog", catalog, script], "\(catalog): \(broken.expected)")
    }

    @Test(arguments: scripts)
    func aBrokenScriptIsRefusedInOneLine(_ broken: Case) throws {
        let folder = try TemporaryFolder()
        let script = folder.path + "/broken.scenario"
        #expect(FileManager.default.createFile(atPath: script, contents: Data(broken.bytes)))
        try expectRefusal(["run", script], "\(script): \(broken.expected)")
    }

    @Test func aCatalogThatIsADirectoryMissingOrTooLarge() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        try expectRefusal(["run", "--catalog", folder.path, script], "\(folder.path): $: is a directory, not a catalog file")
        try expectRefusal(["run", "--catalog", folder.path + "/none.json", script], "\(folder.path)/none.json: $: no such file")
        let large = try folder.write("large.json", #"{"storefront": "USA", "products": ["# + String(repeating: " ", count: 16 << 20) + "]}")
        try expectRefusal(["run", "--catalog", large, script], "\(large): $: too large to be a catalog (the limit is 16 MiB)")
    }

    @Test func aScriptThatIsADirectoryMissingOrEndless() throws {
        let folder = try TemporaryFolder()
        try expectRefusal(["run", folder.path], "\(folder.path): is a directory, not a script")
        try expectRefusal(["run", folder.path + "/none.scenario"], "\(folder.path)/none.scenario: no such file")
        try expectRefusal(["run", "/dev/zero"], "/dev/zero: too large to be a scenario script (over 1 MiB)")
    }

    @Test(.timeLimit(.minutes(1)))
    func aNamedPipeThatNobodyWritesToIsRefusedNotWaitedOnNorPassed() throws {
        let folder = try TemporaryFolder()
        let pipe = folder.path + "/pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        try expectRefusal(["run", "--catalog", pipe, script], "\(pipe): $: is a named pipe that gave nothing (nobody writes to it)")
        try expectRefusal(["run", "--data-dir", folder.path + "/w", pipe],
                          "\(pipe): is a named pipe that gave nothing (nobody writes to it); a script is read from it only when something does")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/w"), "a refused run makes no world")
        try expectRefusal(["run", "/dev/null"], "/dev/null: is a device that gave nothing (nobody writes to it); a script is read from it only when something does")
    }

    @Test func aBadSecondScriptStopsTheRunBeforeTheFirstStarts() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write("good.scenario", "buy com.storesim.coins.100\n")
        let bad = try folder.write("bad.scenario", "# fine\n\nrefund\n")
        try expectRefusal(["run", good, bad], "\(bad): line 3: usage: refund PRODUCT|TRANSACTION [reason] [app-issue|other], "
                          + "refund request PRODUCT|TRANSACTION, refund decline PRODUCT|TRANSACTION or refund reverse PRODUCT|TRANSACTION")
    }

    @Test func aScriptSavedOnWindowsRunsAsWritten() throws {
        let folder = try TemporaryFolder()
        let script = folder.path + "/windows.scenario"
        let text = "\u{FEFF}# saved by Notepad\r\nbuy com.storesim.coins.100\r\nexpect balance coins 100\r\n"
        #expect(FileManager.default.createFile(atPath: script, contents: Data(text.utf8)))
        let result = try StoreSimProcess.run(["run", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("-- \(script):3  expect balance coins 100"))
        #expect(result.stdout.contains("expectations: 1 met, 0 failed"))
    }

    /// Runs storesim with `arguments`; expects status 2, nothing on stdout, and `message` as the
    /// one line on stderr.
    private func expectRefusal(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try StoreSimProcess.run(arguments)
        #expect(result.status == 2, sourceLocation: sourceLocation)
        #expect(result.stderr == "storesim: error: \(message)\n", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "nothing runs", sourceLocation: sourceLocation)
    }
}
