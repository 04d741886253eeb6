/// Why a benchmark could not be measured: a file, a world or a check that failed, in one line.
public struct BenchError: Error, CustomStringConvertible, Sendable {
    public let problem: String

    public init(_ problem: String) {
        self.problem = problem
    }

    public var description: String { problem }

    /// Runs `body`, turning whatever it throws into a `BenchError` that says what was being done.
    public static func attempt<Result>(_ what: String, _ body: () throws -> Result) throws(BenchError) -> Result {
        do {
            return try body()
        } catch let error as BenchError {
            throw error
        } catch {
            throw BenchError("\(what): \(error)")
        }
    }
}
