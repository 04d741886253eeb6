import IAPCore
import WorldCore

/// The scenario language: every command's declaration, in one table. Help lists them in this
/// order, and chaos draws its commands by their weights in this order (so a seed keeps making
/// the same runs).
public enum ScenarioVocabulary {
    public static let declarations: [CommandDeclaration] = app + switches + store + checks + playServer

    /// The declaration a command comes from.
    public static func declaration(of command: ScenarioCommand) -> CommandDeclaration? {
        declarations.first { $0.arguments(command) != nil }
    }

    /// The first word of every command, each once, in the table's order.
    static let commandNames: [String] = declarations.reduce(into: []) { names, declaration in
        if !names.contains(declaration.syntax.name) { names.append(declaration.syntax.name) }
    }

    /// The declarations of the commands whose first word is `name`, such as every `store …`.
    static func declarations(named name: String) -> [CommandDeclaration] {
        declarations.filter { $0.syntax.name == name }
    }

    /// The language as help shows it: each command's usage and what it does, in two columns; a
    /// usage too wide for the first column has what it does on the line below.
    public static var helpText: String {
        let width = 34
        return declarations.map { declaration in
            let usage = declaration.syntax.usage
            let gap = usage.count < width ? String(repeating: " ", count: width - usage.count)
                : "\n" + String(repeating: " ", count: width + 2)
            return "  " + usage + gap + declaration.help
        }.joined(separator: "\n")
    }

    /// Reads one line's words as a command. Among the declarations of its first word, the
    /// first of the world's store whose syntax fits reads it. When none reads it, the one whose
    /// written words matched most says what is wrong; a line only another store's form fits is
    /// that store's command; when no form stands out, the message lists every form.
    static func command(_ words: [String], catalog: Catalog, store: StoreKind = .appStore) throws(CommandProblem) -> ScenarioCommand {
        let command = try anyStoreCommand(words, catalog: catalog, store: store)
        if let declaration = declaration(of: command), !declaration.stores.contains(store) {
            throw otherStoresCommand(declaration, store: store)
        }
        return command
    }

    /// `'redeem CODE' is an App Store command; this world sells on Google Play`.
    private static func otherStoresCommand(_ declaration: CommandDeclaration, store: StoreKind) -> CommandProblem {
        let owner: StoreKind = store == .play ? .appStore : .play
        return CommandProblem(problem: "'\(declaration.syntax.usage)' is \(owner == .play ? "a Google Play" : "an App Store") command; "
                              + "this world sells on \(store.displayName)")
    }

    /// Reads one line's words as a command of either store, its words in `store`'s dialect.
    private static func anyStoreCommand(_ words: [String], catalog: Catalog, store: StoreKind) throws(CommandProblem) -> ScenarioCommand {
        let name = words.first ?? ""
        let candidates = declarations(named: name)
        guard !candidates.isEmpty else {
            throw CommandProblem(problem: "unknown command '\(name)'" + NearWords(name, among: commandNames).hint)
        }
        var best: (matched: Int, fits: Bool, problem: CommandProblem)?
        var otherStores: (matched: Int, problem: CommandProblem)?
        for declaration in candidates {
            let syntax = declaration.syntax
            let fits = syntax.fits(words)
            let problem: CommandProblem
            if fits, !declaration.stores.contains(store) {
                otherStores = otherStores ?? (syntax.literalsMatched(words), otherStoresCommand(declaration, store: store))
                continue
            } else if fits {
                do {
                    return try declaration.command(syntax.arguments(of: words), catalog: catalog, store: store)
                } catch {
                    problem = error
                }
            } else {
                problem = usageProblem(syntax, group: candidates, words: words)
            }
            let matched = syntax.literalsMatched(words)
            if best.map({ matched > $0.matched || (matched == $0.matched && fits && !$0.fits) }) ?? true {
                best = (matched, fits, problem)
            }
        }
        // Another store's form that fits, and says more of the line than any of this store's.
        if let otherStores, best.map({ !$0.fits || otherStores.matched > $0.matched }) ?? true { throw otherStores.problem }
        let namesOneForm = best.map { $0.matched > 1 && groupNouns[name] == nil } ?? false
        guard let best, best.fits || namesOneForm || candidates.count == 1 else {
            let ofThisStore = candidates.filter { $0.stores.contains(store) }
            throw groupProblem(name, ofThisStore.isEmpty ? candidates : ofThisStore, words: words)
        }
        throw best.problem
    }

    /// What is wrong with a line whose words do not fit `syntax`.
    private static func usageProblem(_ syntax: CommandSyntax, group: [CommandDeclaration], words: [String]) -> CommandProblem {
        if syntax.tokens.count == 1, group.count == 1 {
            return CommandProblem(problem: "'\(syntax.name)' takes no arguments")
        }
        return CommandProblem(problem: "usage: \(syntax.usage)")
    }

    /// The groups whose second word names a kind, and what the kind is called.
    private static let groupNouns = ["expect": "expectation"]

    /// What is wrong with a line that fits none of its command's forms.
    private static func groupProblem(_ name: String, _ group: [CommandDeclaration], words: [String]) -> CommandProblem {
        let forms = group.map(\.syntax.usage)
        if let noun = groupNouns[name] {
            let kinds = forms.map { String($0.dropFirst(name.count + 1)) }
            return CommandProblem(problem: "unknown \(noun) '\(words.dropFirst().joined(separator: " "))'; expected "
                + listed(kinds))
        }
        return CommandProblem(problem: "usage: " + listed(forms))
    }

    /// `a, b or c`.
    private static func listed(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }
}
