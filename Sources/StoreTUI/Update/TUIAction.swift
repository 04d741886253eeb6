import ScenarioLanguage
import WorldCore

/// What happened to the interface: a key or resize, a clock tick, an event from the world.
public enum TUIAction: Sendable, Equatable {
    case input(InputEvent)
    case tick
    case worldEvent(Event)
}

/// What the update asks the world to do; the app loop carries it out.
public enum TUIEffect: Sendable, Equatable {
    case perform(ScenarioCommand)
    case deliverNext
    /// Deliver every message in flight, as a script does before a step that waits for quiet.
    case deliverAll
    /// Carry out a played script's step as `storesim run` does.
    case playStep(ScenarioStep)
    /// Open the lesson with this number in a fresh world of its own, and show it.
    case openLesson(Int)
    /// Add a fresh world beside the others, with the shown world's catalog, and show it.
    case freshWorld
    /// Show the world at this index of the worlds panel.
    case switchWorld(Int)
    case quit
}
