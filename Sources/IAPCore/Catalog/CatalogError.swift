/// One catalog problem: the file, the place (a JSON path like `$.products[2].price`), and what is wrong.
public struct CatalogError: Error, Equatable, CustomStringConvertible {
    /// The catalog file as it was named to the parser.
    public let file: String
    /// A JSON path like `$.products[2].price`; `$` for the file as a whole.
    public let path: String
    /// What is wrong, in a few words.
    public let problem: String

    public init(file: String, path: String, problem: String) {
        self.file = file
        self.path = path
        self.problem = problem
    }

    /// `FILE: PATH: PROBLEM`.
    public var description: String { "\(file): \(path): \(problem)" }
}
