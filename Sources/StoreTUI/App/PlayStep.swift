import ReadSide
import ScenarioLanguage
import WorldCore

/// One step of a played script, carried out as `storesim run` carries it out: a command that
/// waits for quiet first delivers the messages still in flight; an `expect` is checked.
enum PlayStep {
    /// Carries out the step and returns the status line that tells how it went.
    static func carryOut(_ step: ScenarioStep, in readModel: ReadModel, _ language: Language) throws(WorldError) -> String {
        do {
            try readModel.world.performInTurn(step.command)
        } catch {
            switch error {
            case .refused(let refusal): return language(.stepNotDone, step.text, language.words(refusal))
            case .failed(let failure): throw failure
            }
        }
        guard case .expect(let expectation) = step.command else { return language(.stepDone, step.text) }
        let outcome = try readModel.check(expectation)
        return outcome.met ? language(.expectMet, step.text) : language(.expectUnmet, step.text, outcome.wanted, outcome.found)
    }
}
