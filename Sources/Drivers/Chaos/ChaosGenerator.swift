import IAPCore
import ScenarioLanguage
import WorldCore

/// Makes random commands of the scenario language, drawn by the weights their declarations give:
/// purchases of every product type, Ask to Buy answers, restores, crashes and power cuts at
/// named points and after random numbers of messages, relaunches, network, Server and Store
/// faults, clock moves, account switches, reinstalls. On Google Play, only the commands of Play's
/// worlds, by their Play weights: pending payments and slow test cards, Pub/Sub's modes, refunds,
/// the Voided Purchases API, the app in the background; every outage kept under three days.
struct ChaosGenerator {
    var draw: ChaosDraw
    let store: StoreKind

    init(catalog: Catalog, random: SplitMix64, store: StoreKind = .appStore) {
        draw = ChaosDraw(catalog: catalog, random: random)
        self.store = store
    }

    /// The declarations chaos draws from, in the vocabulary's order, with their weights: the App
    /// Store's table is the one chaos always drew from, whatever Google Play's draws add.
    private static let uses = ScenarioVocabulary.declarations.compactMap(\.chaos)
    private static let totalWeight = uses.map(\.weight).reduce(0, +)
    private static let playUses = ScenarioVocabulary.declarations.compactMap { $0.chaos(on: .play) }
    private static let playTotalWeight = playUses.map(\.weight).reduce(0, +)

    /// A run's commands: some are invalid in the state they meet (buying while the app is
    /// down) and are skipped when the run is carried out.
    mutating func body() -> [ScenarioCommand] {
        let length = Int.random(in: 4...24, using: &draw.random)
        var commands: [ScenarioCommand] = []
        while commands.count < length {
            commands += next()
        }
        return store == .play ? PlayOutageBound.kept(commands) : commands
    }

    private mutating func next() -> [ScenarioCommand] {
        let (uses, totalWeight) = store == .play ? (Self.playUses, Self.playTotalWeight) : (Self.uses, Self.totalWeight)
        var roll = Int.random(in: 0..<totalWeight, using: &draw.random)
        for use in uses {
            if roll < use.weight { return use.make(&draw) }
            roll -= use.weight
        }
        return []
    }
}
