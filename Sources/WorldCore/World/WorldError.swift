/// Why the world cannot go on: bad input or a file that cannot be used. The command line prints
/// it as one `storesim: error:` line and exits with status 2.
public enum WorldError: Error, Equatable, CustomStringConvertible, Sendable {
    case dataDirectory(path: String, problem: String)
    /// A data directory in which no world has run: nothing to audit or show.
    case noWorld(path: String)
    case locked(path: String, holder: String)
    case file(path: String, problem: String)
    /// A line of a script that is not a command; when it names a product the catalog lacks, that product.
    case script(file: String, line: Int, problem: String, unknownProduct: String? = nil)

    public var description: String {
        switch self {
        case .dataDirectory(let path, let problem): return "\(path): \(problem)"
        case .noWorld(let path): return "no world in \(path)"
        case .locked(let path, let holder): return "\(path): the data directory is in use by \(holder)"
        case .file(let path, let problem): return "\(path): \(problem)"
        case .script(let file, let line, let problem, _): return "\(file): line \(line): \(problem)"
        }
    }
}
