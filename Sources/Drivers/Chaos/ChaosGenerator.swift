import IAPCore
import ScenarioLanguage
import WorldCore

/// Makes random commands of the scenario language, drawn by the weights their declarations give:
/// purchases of every product type, Ask to Buy answers, restores, crashes and power cuts at
/// named points and after random numbers of messages, relaunches, network, Server and Store
/// faults, clock moves, account switches, reinstalls.
struct ChaosGenerator {
    var draw: ChaosDraw

    init(catalog: Catalog, random: SplitMix64) {
        draw = ChaosDraw(catalog: catalog, random: random)
    }

    /// The declarations chaos draws from, in the vocabulary's order, with their weights.
    private static let uses = ScenarioVocabulary.declarations.compactMap(\.chaos)
    private static let totalWeight = uses.map(\.weight).reduce(0, +)

    /// A run's commands: some are invalid in the state they meet (buying while the app is
    /// down) and are skipped when the run is carried out.
    mutating func body() -> [ScenarioCommand] {
        let length = Int.random(in: 4...24, using: &draw.random)
        var commands: [ScenarioCommand] = []
        while commands.count < length {
            commands += next()
        }
        return commands
    }

    private mutating func next() -> [ScenarioCommand] {
        var roll = Int.random(in: 0..<Self.totalWeight, using: &draw.random)
        for use in Self.uses {
            if roll < use.weight { return use.make(&draw) }
            roll -= use.weight
        }
        return []
    }
}
