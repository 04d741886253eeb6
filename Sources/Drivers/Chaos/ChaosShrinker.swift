import IAPCore
import WorldCore

/// Shrinks a failing chaos run: drops commands, in chunks and then one by one, for as long as
/// what is left still fails the audit. On Google Play a candidate whose outage would last three
/// days (its `server up` dropped) is not tried: it would fail by Google's rule alone.
/// Against a team's backend, each attempt is a world of the session's own, numbered on from
/// `firstNumber`.
struct ChaosShrinker {
    let strategy: Strategy
    let switches: ChaosSwitches
    let catalog: Catalog
    var backend: ChaosBackend?
    var firstNumber = 0

    /// The shortest failing trial found, starting from a failing body.
    func shrink(_ body: [ScenarioCommand], failing trial: ChaosTrial) throws(WorldError) -> ChaosTrial {
        var body = body
        var best = trial
        var number = firstNumber
        var chunk = max(1, body.count / 2)
        while chunk >= 1 {
            var removedAny = false
            var start = 0
            while start < body.count {
                var candidate = body
                candidate.removeSubrange(start..<min(start + chunk, body.count))
                guard switches.store == .appStore || PlayOutageBound.keeps(candidate) else {
                    start += chunk
                    continue
                }
                let result = try ChaosTrial.run(candidate, strategy: strategy, switches: switches, catalog: catalog,
                                                backend: backend, number: number)
                number += 1
                if result.failed {
                    body = candidate
                    best = result
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny {
                if chunk == 1 { break }
                chunk /= 2
            }
        }
        return best
    }
}
