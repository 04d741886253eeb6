import Glibc

/// Why standard output did not take everything `storesim` printed: the command's answer, on
/// stdout, is incomplete or missing.
enum OutputFailure: Error, Equatable, CustomStringConvertible {
    /// The process was started with standard output closed.
    case closed
    /// A write failed with this `errno`: a full disk, a reader that closed the pipe.
    case failed(Int32)

    var description: String {
        switch self {
        case .closed: "standard output is closed, so nothing could be printed"
        case .failed(let code): "standard output: \(String(cString: strerror(code))); what was printed is incomplete"
        }
    }
}
