import IAPCore

/// Runs parsed scenario steps against a world, printing the transcript and checking `expect`s.
public final class ScenarioRunner {
    public let world: World
    private let output: (String) -> Void
    public private(set) var failedExpectations: [String] = []
    public private(set) var metExpectations = 0

    public init(world: World, output: @escaping (String) -> Void) {
        self.world = world
        self.output = output
    }

    /// Runs one script's steps; the app is launched first when it is not running.
    public func run(_ steps: [ScenarioStep], file: String) throws(WorldError) {
        output("== \(file)")
        if !world.appStatus.isRunning {
            try world.launch()
            try world.settle()
        }
        for step in steps {
            output("-- \(step.file):\(step.line)  \(step.text)")
            do {
                try perform(step.command)
            } catch {
                switch error {
                case .refused(let problem): throw .script(file: step.file, line: step.line, problem: problem)
                case .failed(let failure): throw failure
                }
            }
            if case .expect(let expectation) = step.command {
                try check(expectation, step: step)
            }
        }
        try world.settle()
    }

    /// Carries out one command as a script line does.
    public func perform(_ command: ScenarioCommand) throws(WorldActionError) {
        try world.performInTurn(command)
    }

    private func check(_ expectation: Expectation, step: ScenarioStep) throws(WorldError) {
        let outcome = try world.check(expectation)
        let (wanted, found) = (outcome.wanted, outcome.found)
        if outcome.met {
            metExpectations += 1
            output("   ✓ \(step.text)")
        } else {
            let failure = "\(step.file): line \(step.line): \(step.text): expected \(wanted), found \(found)"
            failedExpectations.append(failure)
            output("   ✗ \(step.text): expected \(wanted), found \(found)")
        }
    }
}
