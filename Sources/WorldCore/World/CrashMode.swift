import IAPCore

/// How a crash ends the app: by discarding the in-memory app, or by killing this process.
public enum CrashMode {
    /// The app object is dropped without any cleanup; the process goes on.
    case inProcess
    /// After the Store and Server have handled what was already sent to them, the process
    /// sends itself SIGKILL. `beforeKill`, given the crash, restores a terminal or prints a last line.
    case realKill(beforeKill: (Happening) -> Void)
}
