import IAPCore
import ReadSide
import WorldCore

/// Runs parsed scenario steps against a world, printing the transcript and checking `expect`s.
public final class ScenarioRunner {
    public let world: World
    /// What the `expect` lines read, kept from line to line.
    public let readModel: ReadModel
    private let output: (String) -> Void
    /// Every `expect` line checked so far, in the order the scripts hold them.
    public private(set) var checked: [CheckedExpectation] = []
    /// The step being carried out, until it is done.
    public private(set) var currentStep: ScenarioStep?

    public init(world: World, output: @escaping (String) -> Void) {
        self.world = world
        readModel = ReadModel(world)
        self.output = output
    }

    /// The failed `expect` lines, each as `storesim run` reports it.
    public var failedExpectations: [String] {
        checked.filter { !$0.outcome.met }.map(\.failure)
    }

    /// How many `expect` lines held.
    public var metExpectations: Int {
        checked.count { $0.outcome.met }
    }

    /// Runs one script's steps; the app is launched first when it is not running.
    public func run(_ steps: [ScenarioStep], file: String) throws(WorldError) {
        output("== \(file)")
        if !world.appStatus.isRunning {
            try world.launch()
            try world.settle()
        }
        for step in steps {
            currentStep = step
            output("-- \(step.file):\(step.line)  \(step.text)")
            let started = ContinuousClock.now
            do {
                try perform(step.command)
            } catch {
                switch error {
                case .refused(let refusal): throw .script(file: step.file, line: step.line, problem: refusal.english)
                case .failed(let failure): throw failure
                }
            }
            if case .expect(let expectation) = step.command {
                try check(expectation, step: step, started: started)
            }
            currentStep = nil
        }
        try world.settle()
    }

    /// Carries out one command as a script line does.
    public func perform(_ command: ScenarioCommand) throws(WorldActionError) {
        try world.performInTurn(command)
    }

    private func check(_ expectation: Expectation, step: ScenarioStep, started: ContinuousClock.Instant) throws(WorldError) {
        let outcome = try readModel.check(expectation)
        checked.append(CheckedExpectation(step: step, outcome: outcome, seconds: started.duration(to: .now).inSeconds))
        if outcome.met {
            output("   ✓ \(step.text)")
        } else {
            output("   ✗ \(step.text): expected \(outcome.wanted), found \(outcome.found)")
        }
    }
}
