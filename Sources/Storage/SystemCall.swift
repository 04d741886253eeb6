import Glibc

/// The text of the current `errno`, for error messages.
func errnoText() -> String {
    String(cString: strerror(errno))
}

/// Runs a system call, retrying on EINTR, and turns a -1 result into a `StorageError`.
@discardableResult
func systemCall(_ path: String, _ what: String, _ call: () -> Int32) throws(StorageError) -> Int32 {
    while true {
        let result = call()
        if result != -1 { return result }
        if errno == EINTR { continue }
        throw StorageError(path: path, problem: "\(what) failed: \(errnoText())")
    }
}
