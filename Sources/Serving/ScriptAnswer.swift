import IAPCore
import ReadSide

/// What `POST /storesim/script` answers, and what `run --connect` reads: the transcript of the
/// script's run, its expectations met and failed (with each failure's words), the exit status
/// `run` would give (0, 1, or 2 for a bad script or a world that failed) and that error.
public struct ScriptAnswer: Sendable, Equatable {
    public var transcript: [String]
    public var met: Int
    public var failures: [String]
    public var exit: Int
    public var error: String?

    public init(transcript: [String] = [], met: Int = 0, failures: [String] = [], exit: Int = 0, error: String? = nil) {
        self.transcript = transcript
        self.met = met
        self.failures = failures
        self.exit = exit
        self.error = error
    }

    /// The answer as JSON, its members in the documented order.
    public var json: String {
        JSONText.object([
            ("transcript", .array(transcript.map(JSONText.string))), ("met", .int(met)), ("failed", .int(failures.count)),
            ("failures", .array(failures.map(JSONText.string))), ("exit", .int(exit)), ("error", error.map(JSONText.string) ?? .null),
        ]).rendered
    }

    /// The answer a `serve` sent, read; nil with the problem when it is not one.
    public init(reading json: String) throws(JSONCursorError) {
        self.init()
        var failed = 0
        var cursor = JSONCursor(json)
        try cursor.object { (key, value) throws(JSONCursorError) in
            switch key {
            case "transcript": try value.array { (line) throws(JSONCursorError) in transcript.append(try line.string()) }
            case "met": met = Int(try value.integer())
            case "failed": failed = Int(try value.integer())
            case "failures": try value.array { (line) throws(JSONCursorError) in failures.append(try line.string()) }
            case "exit": exit = Int(try value.integer())
            case "error": error = value.null() ? nil : try value.string()
            default: try value.skip()
            }
        }
        try cursor.end()
        if failures.count < failed { failures += Array(repeating: "(no words given)", count: failed - failures.count) }
    }
}
