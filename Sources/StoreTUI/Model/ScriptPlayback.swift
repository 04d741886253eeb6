import ScenarioLanguage

/// A scenario script played in step mode (`storesim play`): its steps, each with the comment
/// above it as narration, and how many have been carried out.
public struct ScriptPlayback: Sendable, Equatable {
    public let file: String
    public let steps: [NarratedStep]
    /// How many steps have been carried out; the next one is `steps[done]`.
    public var done = 0

    public init(file: String, steps: [NarratedStep]) {
        self.file = file
        self.steps = steps
    }

    /// The step `n` carries out next; nil once the script is over.
    public var next: NarratedStep? {
        done < steps.count ? steps[done] : nil
    }
}
