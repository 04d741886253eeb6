/// Why `storesim` stops with status 2: bad usage or bad input, said in one line.
enum CLIError: Error, CustomStringConvertible {
    case usage(String)
    case input(String)

    var description: String {
        switch self {
        case .usage(let text), .input(let text): return text
        }
    }
}
