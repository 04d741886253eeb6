/// Whether durable writes ask the disk to sync. They always do, except inside `skipping`: a
/// world thrown away when its work is done, whose crashes and power cuts are simulated in the
/// process (a chaos run), gains nothing from the disk's syncs, only waits for them. There every
/// sync still happens in its place for the process's bookkeeping (what a simulated power cut
/// loses is still what was written after the last sync), but no `fsync` or `fdatasync` reaches
/// the kernel and none is counted in `FsyncCount`.
public enum DiskSync {
    @TaskLocal private static var isSkipped = false

    /// Whether the current thread (or task) is inside `skipping`.
    static var skipped: Bool { isSkipped }

    /// Runs `body` with the disk's syncs skipped on this thread (or in this task).
    public static func skipping<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        let result: Result<Value, Failure> = $isSkipped.withValue(true) {
            Result { () throws(Failure) -> Value in try body() }
        }
        return try result.get()
    }
}
