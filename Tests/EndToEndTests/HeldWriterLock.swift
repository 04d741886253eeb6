import Glibc
import Testing

/// The writer lock of a data directory, held by the test as a writer holds it: an `flock` on the
/// directory, and `holder` written in `storesim.lock`. Let go when the test lets go of it.
final class HeldWriterLock {
    private let descriptor: Int32

    init(of directory: String, holder: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #expect(descriptor >= 0, sourceLocation: sourceLocation)
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0, sourceLocation: sourceLocation)
        let file = open(directory + "/storesim.lock", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        #expect(file >= 0, sourceLocation: sourceLocation)
        #expect(write(file, holder, holder.count) == holder.count, sourceLocation: sourceLocation)
        close(file)
    }

    deinit {
        close(descriptor)
    }
}
