import IAPCore

extension ScenarioVocabulary {
    /// The language of a world that sells on Google Play, as help shows it after the App Store's:
    /// the commands such a world takes (read from their declarations), and the strategies and
    /// crash points in Google's words.
    public static var playHelpText: String {
        let commands = declarations.filter { $0.stores.contains(.play) }.map(\.syntax.usage)
        let strategies = Strategy.allCases.map { $0.word(on: .play) }
        return """
            Google Play (run --store play): a world that sells on Google Play takes these commands;
            any other is an App Store command and a script error there:
            \(wrapped(commands))
              strategies: \(strategies.joined(separator: ", "))
                (the first is the default; server-acknowledges is Google's recommendation)
              crash points: \(CrashPoint.allCases.map { $0.word(on: .play) }.joined(separator: ", "))
              buy's answers: confirm, cancel, pending (approve or decline PRODUCT resolves it), slow-approve or
                slow-decline (the license testers' slow test cards, resolved 2 minutes later); no Ask to Buy
            """
    }

    /// `items`, comma-separated, on lines of at most 100 characters indented by two spaces.
    private static func wrapped(_ items: [String]) -> String {
        var lines: [String] = []
        var line = " "
        for item in items {
            if line.count + item.count + 2 > 100 {
                lines.append(line + ",")
                line = " "
            }
            line += (line == " " ? " " : ", ") + item
        }
        return (lines + [line]).joined(separator: "\n")
    }
}
