import Glibc

/// What StoreSim does with one of its files: a file it writes must also be its own alone, with
/// no other name (hard link) through which the write would reach a file elsewhere.
public enum FileUse: Equatable, Sendable {
    case reading
    case writing

    /// The use the flags of `open(2)` ask for.
    init(openFlags flags: Int32) {
        self = flags & O_ACCMODE == O_RDONLY ? .reading : .writing
    }
}
