import Foundation
import Storage
import Testing
import TestSupport

/// Numbers out of range, hidden characters and exhausted limits in what StoreSim reads: each
/// ends in one line `storesim: error: FILE: PLACE: PROBLEM` and status 2, never a signal, and
/// nothing read from a file reaches the terminal raw.
@Suite struct BadInputTests {
    /// A world whose purchase waits in the app's cache and the Store's queue (the Server was down).
    private func worldWithAPendingOrder(_ folder: TemporaryFolder) throws -> String {
        try WorldOnDisk.made(in: folder, running: "server down\nbuy com.storesim.coins.100\nwait\n")
    }

    private func editSettings(_ world: String, _ edit: (String) -> String) throws {
        let path = world + "/world.json"
        try edit(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func expectOneLine(_ result: StoreSimProcess.Result, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.killedBySignal == nil, "no trap", sourceLocation: sourceLocation)
        #expect(result.status == 2, sourceLocation: sourceLocation)
        #expect(result.stderr == "storesim: error: \(message)\n", sourceLocation: sourceLocation)
    }

    @Test func aClockNearTheEndOfInt64IsRefusedWithItsRangeAndThePurchaseStaysRecoverable() throws {
        let folder = try TemporaryFolder()
        let world = try worldWithAPendingOrder(folder)
        let original = try String(contentsOfFile: world + "/world.json", encoding: .utf8)
        try editSettings(world) { $0.replacingOccurrences(of: #""clockMillis" : \d+"#, with: #""clockMillis" : 9223372036854775000"#, options: .regularExpression) }
        let script = try folder.write("recover.scenario", "server up\nquit\nlaunch\nexpect audit ok\n")
        let range = "must be a whole number from 978307200000 to 253402300799999"
        expectOneLine(try StoreSimProcess.run(["run", "--data-dir", world, script]), "\(world)/world.json: $.clockMillis: \(range)")
        expectOneLine(try StoreSimProcess.run(["state", "--data-dir", world]), "\(world)/world.json: $.clockMillis: \(range)")
        try original.write(toFile: world + "/world.json", atomically: true, encoding: .utf8)
        let recovered = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(recovered.status == 0, "\(recovered.stderr)")
    }

    @Test func aWorldFileOrCacheTooLargeToBeRealIsRefusedBeforeItIsRead() throws {
        let folder = try TemporaryFolder()
        let world = try worldWithAPendingOrder(folder)
        let script = try folder.write("ok.scenario", "expect pending 1\n")
        for (name, size) in [("world.json", 3 << 20), ("app/pending-orders.txt", 257 << 20)] {
            let file = world + "/" + name
            let original = try #require(FileManager.default.contents(atPath: file))
            let handle = try #require(FileHandle(forWritingAtPath: file))
            try handle.truncate(atOffset: UInt64(size))
            try handle.close()
            let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
            #expect(result.status == 2)
            #expect(result.stderr == "storesim: error: \(file): too large: \(size) bytes (at most \(name == "world.json" ? 1 << 20 : 256 << 20))\n")
            try original.write(to: URL(fileURLWithPath: file))
        }
        #expect(try StoreSimProcess.run(["run", "--data-dir", world, script]).status == 0, "the purchase is still there")
    }

    @Test func aTimelineEventOutOfRangeIsRefusedWithItsRange() throws {
        let folder = try TemporaryFolder()
        let world = try worldWithAPendingOrder(folder)
        let events = world + "/events.log"
        let text = try String(contentsOfFile: events, encoding: .utf8)
        let script = try folder.write("ok.scenario", "expect pending 1\n")
        try text.replacingOccurrences(of: #""timeMillis":\d+"#, with: #""timeMillis":9223372036854775000"#, options: .regularExpression)
            .write(toFile: events, atomically: true, encoding: .utf8)
        expectOneLine(try StoreSimProcess.run(["run", "--data-dir", world, script]),
                      "\(events): last event: $.timeMillis: must be a whole number from 978307200000 to 253402300799999")
        try text.replacingOccurrences(of: #""seq":\d+"#, with: #""seq":9223372036854775807"#, options: .regularExpression)
            .write(toFile: events, atomically: true, encoding: .utf8)
        expectOneLine(try StoreSimProcess.run(["run", "--data-dir", world, script]),
                      "\(events): last event: $.seq: must be a whole number from 0 to 1125899906842624")
    }

    @Test func aSeedOrRunCountOutOfRangeNamesTheRange() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        expectOneLine(try StoreSimProcess.run(["run", "--seed", "18446744073709551616", script]),
                      "--seed needs a whole number from 0 to 18446744073709551615, not '18446744073709551616'")
        expectOneLine(try StoreSimProcess.run(["chaos", "--runs", "9223372036854775807"]),
                      "--runs needs a whole number from 1 to 10000000, not '9223372036854775807'")
    }

    @Test func anAdvanceLongerThanACenturyIsRefusedAtParseWithTheLimitAndWhy() throws {
        let folder = try TemporaryFolder()
        let why = "one advance moves the clock at most 36500d (a century), as every renewal on the way is lived message by message; split a longer span into several advances"
        for duration in ["36501d", "876025h", "2912000d", "106751991167d"] {
            let long = try folder.write("long.scenario", "buy com.storesim.premium.monthly\nadvance \(duration)\n")
            expectOneLine(try StoreSimProcess.run(["run", long]), "\(long): line 2: duration '\(duration)' is too long: \(why)")
        }
        let century = try folder.write("century.scenario", "advance 36500d\nadvance 876000h\nexpect audit ok\n")
        let result = try StoreSimProcess.run(["run", century])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func anAdvanceThatWouldLeaveTheClocksRangeIsRefusedWhenItWould() throws {
        let folder = try TemporaryFolder()
        let past = try folder.write("past.scenario", String(repeating: "advance 36500d\n", count: 80))
        let result = try StoreSimProcess.run(["run", past])
        expectOneLine(result, "\(past): line 80: the simulated clock stops at 9999-01-01 00:00:00; it is 9920-10-04 00:00:00 now")
    }

    @Test func aWorldFileErrorNamesItsJSONPathAndEscapesTheValue() throws {
        let folder = try TemporaryFolder()
        let world = try worldWithAPendingOrder(folder)
        let settings = world + "/world.json"
        try editSettings(world) { $0.replacingOccurrences(of: #""verify-then-finish""#, with: #""fast\u001b[2J""#) }
        expectOneLine(try StoreSimProcess.run(["state", "--data-dir", world]),
                      "\(settings): $.strategy: must be one line of text, without control characters (found U+001B)")
        try editSettings(world) { $0.replacingOccurrences(of: #""fast\u001b[2J""#, with: #""fast\u00e9""#) }
        expectOneLine(try StoreSimProcess.run(["audit", "--data-dir", world]),
                      #"\#(settings): $.strategy: unknown strategy "fastÃ©" (expected one of verify-then-finish, queue-only, finish-then-cache, finish-first, server-finishes)"#
                        .replacingOccurrences(of: "Ã©", with: "é"))
        try editSettings(world) {
            $0.replacingOccurrences(of: #""fast\u00e9""#, with: #""verify-then-finish""#).replacingOccurrences(of: "true", with: "\"yes\"")
        }
        expectOneLine(try StoreSimProcess.run(["audit", "--data-dir", world]), "\(settings): $.networkOnline: expected true or false, found a string")
        try "{\"version\": 1,".write(toFile: settings, atomically: true, encoding: .utf8)
        expectOneLine(try StoreSimProcess.run(["audit", "--data-dir", world]),
                      "\(settings): $: not valid JSON: unexpected end of input (expected a key in double quotes) at line 1, column 15")
    }

    @Test func aDataDirectoryWithANewlineCannotForgeASecondErrorLine() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("a\nstoresim: error: forged\u{1B}[31m", "not a directory\n")
        let result = try StoreSimProcess.run(["audit", "--data-dir", file])
        expectOneLine(result, #"\#(folder.path)/a\nstoresim: error: forged\u001B[31m: is a file, not a directory"#)
    }

    @Test func aLongValueInAnErrorIsCut() throws {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["run", folder.path + "/" + String(repeating: "x", count: 3000)])
        #expect(result.status == 2)
        #expect(result.stderr.count == "storesim: ".count + 1000 + "…\n".count)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func escapeSequencesInACacheRecordReachTheTranscriptEscaped() throws {
        let folder = try TemporaryFolder()
        let world = try worldWithAPendingOrder(folder)
        let cache = world + "/app/pending-orders.txt"
        let lines = try String(contentsOfFile: cache, encoding: .utf8).split(separator: "\n").map(String.init)
        var fields = lines[1].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        fields[2] = "com.storesim.coins.100\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m"
        fields[5] = CRC32.hex(fields[..<5].joined(separator: "\t").utf8)  // a forger who knows the format checksums the fields too
        let body = fields.dropLast().joined(separator: "\t")
        try ([lines[0], body + "\t" + CRC32.hex(body.utf8)].joined(separator: "\n") + "\n")
            .write(toFile: cache, atomically: true, encoding: .utf8)
        let script = try folder.write("recover.scenario", "server up\nquit\nlaunch\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        let state = try StoreSimProcess.run(["state", "--data-dir", world])
        for output in [result.stdout, result.stderr, state.stdout, state.stderr] {
            #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" }, "\(output)")
        }
        #expect(result.stdout.contains(#"com.storesim.coins.100\u001B]0;pwned\u0007\u001B[2J\u009B31m"#), "\(result.stdout)")
    }

    @Test func bidirectionalControlsInATitleAreShownEscapedByEveryCommandThatPrintsIt() throws {
        let folder = try TemporaryFolder()
        let title = "\u{202E}evil\u{2066}x\u{2069}\u{202A}\u{202B}\u{202C}\u{202D}\u{2067}\u{2068} Coins"
        let catalog = try folder.write("bidi.json", #"""
            {"storefront": "USA", "products": [{"id": "com.a", "type": "consumable", "referenceName": "\#(title)", "price": "0.99",
             "localizations": {"en_US": {"title": "\#(title)", "description": "a"}}, "grant": {"coins": 1}}]}
            """#)
        let world = folder.file("world")
        let script = try folder.write("pending.scenario", "server down\nbuy com.a\ncrash\nserver up\nlaunch\nserver down\nbuy com.a\nquit\n")
        let outputs = [
            try StoreSimProcess.run(["run", "--data-dir", world, "--catalog", catalog, script]),
            try StoreSimProcess.run(["audit", "--data-dir", world]),
            try StoreSimProcess.run(["state", "--data-dir", world]),
            try StoreSimProcess.run(["catalog", "check", catalog]),
            try StoreSimProcess.run(["timeline", "--data-dir", world]),
            try StoreSimProcess.run(["timeline", "--data-dir", world, "--format", "mermaid"]),
        ]
        for output in outputs {
            #expect(output.status == 0, "\(output.stderr)")
            #expect(!output.stdout.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) },
                    "\(output.stdout)")
            #expect(output.stdout.contains(#"\u202Eevil\u2066x\u2069\u202A\u202B\u202C\u202D\u2067\u2068 Coins"#), "\(output.stdout)")
        }
    }

    @Test func tooManyOpenFilesIsNamedPlainly() throws {
        let folder = try TemporaryFolder()
        let world = try worldWithAPendingOrder(folder)
        let script = try folder.write("ok.scenario", "expect pending 1\n")
        var messages: [String] = []
        for limit in 8...20 {
            let result = try StoreSimProcess.run(["-c", "ulimit -n \(limit); exec \"$0\" \"$@\"", StoreSimProcess.binary,
                                                  "run", "--data-dir", world, script],
                                                 executable: "/bin/bash")
            #expect(result.killedBySignal == nil)
            if result.status == 2 { messages.append(result.stderr) }
        }
        #expect(!messages.isEmpty)
        for message in messages {
            #expect(message.hasSuffix("Too many open files\n"), "\(message)")
            #expect(!message.contains("damaged"), "\(message)")
        }
    }

    @Test func aFileSizeLimitEndsInOneLineNotASignal() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\nwait\n")
        for blocks in [1, 4, 16] {
            let result = try StoreSimProcess.run(["-c", "ulimit -f \(blocks); exec \"$0\" \"$@\"", StoreSimProcess.binary,
                                                  "run", "--data-dir", folder.path + "/w\(blocks)", script], executable: "/bin/bash")
            #expect(result.killedBySignal == nil)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("storesim: error: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }

    @Test func aHugeTimelineUnderAMemoryLimitEndsInOneLineNotASignal() throws {
        let folder = try TemporaryFolder()
        let world = try worldWithAPendingOrder(folder)
        let events = try FileHandle(forWritingTo: URL(fileURLWithPath: world + "/events.log"))
        let line = Data(String(repeating: "x", count: 1 << 20).utf8)
        try events.seekToEnd()
        for _ in 0..<300 { events.write(line) }
        try events.close()
        let script = try folder.write("ok.scenario", "expect pending 1\n")
        for command in [["run", "--data-dir", world, script], ["state", "--data-dir", world]] {
            let result = try StoreSimProcess.run(["-c", "ulimit -v 400000; exec \"$0\" \"$@\"", StoreSimProcess.binary] + command,
                                                 executable: "/bin/bash")
            #expect(result.killedBySignal == nil, "\(command): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count <= 1, "\(result.stderr)")
        }
    }
}
