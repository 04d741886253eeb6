import Dispatch
import Foundation

/// Hands run indices out to worker threads, each taking the next index not yet taken, and gives
/// the runs' outcomes back in index order, each as soon as it and every earlier one is done: no
/// worker waits for another between runs, however unevenly long the runs are.
final class TrialPipeline<Outcome: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var nextIndex = 0
    private var done: [Int: Outcome] = [:]
    private var stopped = false
    private let workers = DispatchGroup()

    /// Starts `workers` threads that run `trial` for each index from 0 to `count - 1`.
    init(count: Int, workers: Int, trial: @escaping @Sendable (Int) -> Outcome) {
        self.count = count
        for _ in 0..<max(1, min(workers, count)) {
            DispatchQueue.global().async(group: self.workers) { [self] in
                while let index = take() {
                    let outcome = trial(index)
                    condition.lock()
                    done[index] = outcome
                    condition.broadcast()
                    condition.unlock()
                }
            }
        }
    }

    /// The outcome of run `index`, waited for; each index is asked for once, in order.
    func outcome(_ index: Int) -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let outcome = done.removeValue(forKey: index) { return outcome }
            condition.wait()
        }
    }

    /// Lets the workers take no more runs, and waits for the runs they are in to end.
    func finish() {
        condition.lock()
        stopped = true
        condition.unlock()
        workers.wait()
    }

    private func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped, nextIndex < count else { return nil }
        defer { nextIndex += 1 }
        return nextIndex
    }
}
