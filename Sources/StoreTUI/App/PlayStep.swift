import Simulator

/// One step of a played script, carried out as `storesim run` carries it out: a command that
/// waits for quiet first delivers the messages still in flight; an `expect` is checked.
enum PlayStep {
    /// Carries out the step and returns the status line that tells how it went.
    static func carryOut(_ step: ScenarioStep, in world: World) throws(WorldError) -> String {
        do {
            try world.performInTurn(step.command)
        } catch {
            switch error {
            case .refused(let problem): return "Not done: \(step.text): \(problem)"
            case .failed(let failure): throw failure
            }
        }
        guard case .expect(let expectation) = step.command else { return "Done: \(step.text)" }
        let outcome = try world.check(expectation)
        return outcome.met ? "✓ \(step.text)" : "✗ \(step.text): expected \(outcome.wanted), found \(outcome.found)"
    }
}
