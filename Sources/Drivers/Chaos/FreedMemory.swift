import CMalloc

/// The C allocator told to keep up to 64 MB freed at the top of each of its heaps for the
/// process's next allocations, instead of handing all above 128 kB back to the system at once.
/// A chaos run frees nearly everything it allocated when its world closes, and the next run
/// allocates as much again: handed back, that memory came back page by page (about 80 page
/// faults a run), and each shrink of a heap made the kernel flush the other processor's address
/// translations when two worker threads shared the process.
enum FreedMemory {
    /// Whether the allocator took the setting; read once, before the first run.
    static let kept: Bool = mallopt(M_TRIM_THRESHOLD, 64 << 20) == 1
}
