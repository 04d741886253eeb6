import IAPCore

/// Parses scenario scripts: one command a line, `#` comments, blank lines skipped. Every error
/// names the file and the line.
public struct ScenarioParser {
    public let catalog: Catalog

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// The longest command line accepted, comment aside, in characters.
    static let maxLineLength = 1000

    /// Parses a whole script. Lines end in `\n` or `\r\n`, and a byte-order mark at the start is
    /// skipped (editors on Windows write both); words are split on spaces and tabs by Unicode
    /// scalar, so no combining mark can glue a `#` or a space to its neighbour.
    public func parse(_ text: String, file: String) throws(WorldError) -> [ScenarioStep] {
        var steps: [ScenarioStep] = []
        let scalars = text.unicodeScalars.first == "\u{FEFF}" ? text.unicodeScalars.dropFirst() : text.unicodeScalars[...]
        for (offset, rawLine) in scalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let withoutComment = rawLine.prefix { $0 != "#" }
            if let problem = Self.unreadable(withoutComment) {
                throw .script(file: file, line: offset + 1, problem: problem)
            }
            let words = withoutComment.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
                .map { String(Substring($0)) }
            guard !words.isEmpty else { continue }
            do {
                let command = try parse(words)
                steps.append(ScenarioStep(file: file, line: offset + 1, text: words.joined(separator: " "), command: command))
            } catch {
                throw .script(file: file, line: offset + 1, problem: error.problem)
            }
        }
        return steps
    }

    /// Why a line (comment aside) is not a command a person wrote: a control character or a
    /// line separator inside it, or a length no command has. Nil for a readable line.
    private static func unreadable(_ line: Substring.UnicodeScalarView) -> String? {
        let hidden = line.first { scalar in
            switch scalar.properties.generalCategory {
            case .control: scalar != "\t" && scalar != "\r"
            case .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
        if let hidden {
            let hex = String(hidden.value, radix: 16, uppercase: true)
            return "control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) in the line; a script is plain text"
        }
        guard line.count <= maxLineLength else {
            return "too long: \(line.count) characters (a command takes at most \(maxLineLength))"
        }
        return nil
    }

    private struct Problem: Error {
        let problem: String
    }

    private func parse(_ words: [String]) throws(Problem) -> ScenarioCommand {
        let name = words[0]
        let arguments = Array(words.dropFirst())
        switch name {
        case "launch": try none(arguments, name); return .launch
        case "quit": try none(arguments, name); return .quit
        case "restore": try none(arguments, name); return .restore
        case "wait": try none(arguments, name); return .wait
        case "reinstall": try none(arguments, name); return .reinstall
        case "power-cut":
            if arguments.isEmpty { return .powerCut }
            guard arguments.count == 2, arguments[0] == "at" else { throw Problem(problem: "usage: power-cut [at POINT]") }
            return .powerCutAt(try crashPoint(arguments[1]))
        case "buy":
            guard (1...2).contains(arguments.count) else { throw Problem(problem: "usage: buy PRODUCT [confirm|cancel|ask]") }
            let answer = try arguments.count == 2
                ? choice(arguments[1], SheetAnswer.allCases.map(\.rawValue), "buy's answer").flatMap(SheetAnswer.init(rawValue:)) ?? .confirm
                : .confirm
            return .buy(productId: try product(arguments[0]), answer: answer)
        case "approve": return .approve(productId: try product(single(arguments, "approve PRODUCT")))
        case "decline": return .decline(productId: try product(single(arguments, "decline PRODUCT")))
        case "resolve": return .resolve(productId: try product(single(arguments, "resolve PRODUCT")))
        case "refund": return .refund(productId: try product(single(arguments, "refund PRODUCT")))
        case "crash":
            if arguments.isEmpty { return .crash }
            guard arguments.count == 2, arguments[0] == "at" else { throw Problem(problem: "usage: crash [at POINT]") }
            return .crashAt(try crashPoint(arguments[1]))
        case "deliver":
            let text = try single(arguments, "deliver N")
            guard let count = Int(text), count > 0, count <= 1_000_000 else {
                throw Problem(problem: "'\(text)' is not a number of messages from 1 to 1000000")
            }
            return .deliver(count)
        case "account": return .account(try single(arguments, "account NAME"))
        case "network":
            return .network(online: try onOff(single(arguments, "network online|offline"), on: "online", off: "offline"))
        case "server":
            if arguments.first == "disk" {
                guard arguments.count == 2 else { throw Problem(problem: "usage: server disk full|ok") }
                return .serverDisk(full: try onOff(arguments[1], on: "full", off: "ok"))
            }
            let mode = try single(arguments, "server up|down|drop-response")
            guard let parsed = WorldSettings.ServerMode(rawValue: mode) else {
                throw Problem(problem: "unknown server mode '\(mode)'; expected up, down or drop-response")
            }
            return .server(parsed)
        case "store":
            return try store(arguments)
        case "advance": return .advance(seconds: try duration(single(arguments, "advance DURATION")))
        case "subscription":
            let usage = "usage: subscription PRODUCT renew on|off|now, or subscription PRODUCT expire"
            guard arguments.count >= 2 else { throw Problem(problem: usage) }
            let productId = try product(arguments[0])
            guard catalog.product(id: productId)?.type == .autoRenewable else {
                throw Problem(problem: "\(productId) is not an auto-renewable subscription")
            }
            switch (arguments[1], arguments.count) {
            case ("expire", 2): return .subscriptionExpire(productId: productId)
            case ("renew", 3) where arguments[2] == "now": return .subscriptionRenewNow(productId: productId)
            case ("renew", 3): return .subscriptionRenew(productId: productId, on: try onOff(arguments[2], on: "on", off: "off"))
            default: throw Problem(problem: usage)
            }
        case "strategy":
            let text = try single(arguments, "strategy NAME")
            guard let strategy = Strategy(rawValue: text) else {
                throw Problem(problem: "unknown strategy '\(text)'; expected one of: \(Strategy.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return .strategy(strategy)
        case "expect": return .expect(try expectation(arguments))
        case "disk": return .disk(full: try onOff(single(arguments, "disk full|ok"), on: "full", off: "ok"))
        case "forge": return .forge(try forgery(arguments))
        default:
            throw Problem(problem: "unknown command '\(name)'")
        }
    }

    private func store(_ arguments: [String]) throws(Problem) -> ScenarioCommand {
        let usage = "usage: store ask-to-buy|interrupt|payments|product-requests on|off, store fail on [REASON]|off, "
            + "store sell PRODUCT on|off, or store delete TRANSACTION"
        switch (arguments.first, arguments.count) {
        case ("sell", 3):
            return .storeSell(productId: try product(arguments[1]), on: try onOff(arguments[2], on: "on", off: "off"))
        case ("delete", 2):
            guard !arguments[1].isEmpty, arguments[1].allSatisfy(\.isNumber) else {
                throw Problem(problem: "'\(arguments[1])' is not a transaction id")
            }
            return .storeDelete(transactionId: arguments[1])
        case ("fail", 3) where arguments[1] == "on":
            let reasons = PurchaseError.allCases.filter { $0 != .paymentCancelled && $0 != .interrupted }
            guard let reason = reasons.first(where: { $0.rawValue == arguments[2] }) else {
                throw Problem(problem: "unknown failure '\(arguments[2])'; expected one of: \(reasons.map(\.rawValue).joined(separator: ", "))")
            }
            return .storeFail(reason)
        case (_, 2):
            guard let storeSwitch = ScenarioCommand.StoreSwitch(rawValue: arguments[0]) else {
                throw Problem(problem: "unknown store switch '\(arguments[0])'; expected ask-to-buy, interrupt, fail, payments, product-requests, sell or delete")
            }
            return .store(storeSwitch, on: try onOff(arguments[1], on: "on", off: "off"))
        default:
            throw Problem(problem: usage)
        }
    }

    private func forgery(_ words: [String]) throws(Problem) -> ScenarioCommand.Forgery {
        let usage = "usage: forge tamper TX, forge replay TX, forge cache TX receipt, or forge cache TX product PRODUCT"
        guard words.count >= 2, !words[1].isEmpty, words[1].allSatisfy(\.isNumber) else { throw Problem(problem: usage) }
        switch (words[0], words.count) {
        case ("tamper", 2): return .tamper(transactionId: words[1])
        case ("replay", 2): return .replay(transactionId: words[1])
        case ("cache", 3) where words[2] == "receipt": return .cacheReceipt(transactionId: words[1])
        case ("cache", 4) where words[2] == "product": return .cacheProduct(transactionId: words[1], productId: try product(words[3]))
        default: throw Problem(problem: usage)
        }
    }

    private func expectation(_ words: [String]) throws(Problem) -> Expectation {
        switch (words.first, words.count) {
        case ("credited", 3): return .credited(productId: try product(words[1]), count: try count(words[2]))
        case ("balance", 3): return .balance(currency: words[1], amount: try count(words[2]))
        case ("owned", 3): return .owned(productId: try product(words[1]), owned: try onOff(words[2], on: "yes", off: "no"))
        case ("pending", 2): return .pending(try count(words[1]))
        case ("unfinished", 2): return .unfinished(try count(words[1]))
        case ("lost", 2): return .lost(try count(words[1]))
        case ("audit", 2) where words[1] == "ok": return .auditOk
        default:
            throw Problem(problem: "unknown expectation '\(words.joined(separator: " "))'; expected credited PRODUCT N, balance CURRENCY N, owned PRODUCT yes|no, pending N, unfinished N, lost N or audit ok")
        }
    }

    private func none(_ arguments: [String], _ name: String) throws(Problem) {
        guard arguments.isEmpty else { throw Problem(problem: "'\(name)' takes no arguments") }
    }

    private func single(_ arguments: [String], _ usage: String) throws(Problem) -> String {
        guard arguments.count == 1 else { throw Problem(problem: "usage: \(usage)") }
        return arguments[0]
    }

    private func product(_ id: String) throws(Problem) -> String {
        guard catalog.product(id: id) != nil else { throw Problem(problem: "unknown product '\(id)'") }
        return id
    }

    private func crashPoint(_ text: String) throws(Problem) -> CrashPoint {
        guard let point = CrashPoint(rawValue: text) else {
            throw Problem(problem: "unknown crash point '\(text)'; expected one of: \(CrashPoint.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return point
    }

    private func count(_ text: String) throws(Problem) -> Int {
        guard let number = Int(text), number >= 0 else {
            throw Problem(problem: "'\(text)' is not a whole number of zero or more")
        }
        return number
    }

    private func choice(_ text: String, _ options: [String], _ what: String) throws(Problem) -> String? {
        guard options.contains(text) else {
            throw Problem(problem: "unknown \(what) '\(text)'; expected one of: \(options.joined(separator: ", "))")
        }
        return text
    }

    private func onOff(_ text: String, on: String, off: String) throws(Problem) -> Bool {
        if text == on { return true }
        if text == off { return false }
        throw Problem(problem: "expected '\(on)' or '\(off)', found '\(text)'")
    }

    private func duration(_ text: String) throws(Problem) -> Int64 {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        guard let unit = text.last, let scale = units[unit], let amount = Int64(text.dropLast()), amount > 0,
              amount <= Int64.max / scale / 1000
        else {
            throw Problem(problem: "bad duration '\(text)'; expected a positive number and s, m, h or d, like 90s or 30d")
        }
        return amount * scale
    }
}
