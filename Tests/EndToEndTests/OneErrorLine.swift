import Testing
import TestSupport

/// Expects what every refused input gives: exit status 2, nothing on stdout, and one line on
/// stderr, `storesim: error: MESSAGE`.
func expectOneErrorLine(_ result: StoreSimProcess.Result, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.killedBySignal == nil, sourceLocation: sourceLocation)
    #expect(result.status == 2, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(result.stderr == "storesim: error: \(message)\n", sourceLocation: sourceLocation)
}
