import Dispatch
import Foundation
import Synchronization

/// The temporary worlds this process made and has not removed yet, removed also when the process
/// is interrupted or terminated (SIGINT, SIGTERM, SIGHUP), so that a `run` stopped with Ctrl-C
/// leaves nothing behind. The signals are caught only once the first temporary world exists,
/// and the process then dies of the signal as it would have — unless it ends by itself on
/// SIGINT and SIGTERM (`leaveInterruptsToTheProcess`).
enum TemporaryWorlds {
    private static let state = Mutex<(paths: Set<String>, sources: [DispatchSourceSignal])>(([], []))
    private static let signals = [SIGINT, SIGTERM, SIGHUP]
    /// Set once a signal has come: the process is removing its worlds and about to die of it.
    private static let dying = Atomic<Bool>(false)
    /// Set by a process that ends by itself on SIGINT and SIGTERM, removing its worlds as it ends.
    private static let endsByItself = Atomic<Bool>(false)

    /// SIGINT and SIGTERM no longer remove the worlds and end the process: it ends by itself.
    static func leaveInterruptsToTheProcess() {
        endsByItself.store(true, ordering: .sequentiallyConsistent)
    }

    /// Remembers `path` for removal on a signal, catching the signals the first time.
    static func add(_ path: String) {
        state.withLock { state in
            state.paths.insert(path)
            guard state.sources.isEmpty else { return }
            state.sources = signals.map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { removeAllAndDie(of: number) }
                source.resume()
                return source
            }
        }
    }

    /// Removes `path` and forgets it.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        _ = state.withLock { $0.paths.remove(path) }
    }

    /// Waits, once a signal has come, for it to end the process: what the removal of the worlds
    /// made fail is not the command's answer.
    static func holdWhileDying() {
        guard dying.load(ordering: .sequentiallyConsistent) else { return }
        while true { pause() }
    }

    /// Removes a world the process may still be writing: renamed away first, so that no new
    /// file can appear under its path, then removed, again if a file came in meanwhile.
    private static func removeWhileInUse(_ path: String) {
        let away = path + ".removing"
        let target = rename(path, away) == 0 ? away : path
        for _ in 0..<5 where FileManager.default.fileExists(atPath: target) {
            try? FileManager.default.removeItem(atPath: target)
        }
    }

    /// Removes every temporary world, then lets the signal end the process: raised again on
    /// this thread with its default action and unblocked (a dispatch thread blocks signals).
    private static func removeAllAndDie(of number: Int32) {
        if number != SIGHUP, endsByItself.load(ordering: .sequentiallyConsistent) { return }
        dying.store(true, ordering: .sequentiallyConsistent)
        state.withLock { state in
            state.paths.forEach(removeWhileInUse)
            state.paths.removeAll()
        }
        signal(number, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, number)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(number)
        _exit(128 + number)
    }
}
