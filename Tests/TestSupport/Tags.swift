import Testing

extension Tag {
    /// Suites that take long (the benchmark, real crashes and kills, tmux sessions, fuzzing,
    /// chaos over many runs). `swift test` on Swift 6.3 cannot filter tags, so each such suite's
    /// name also starts with `Slow`: `swift test --skip Slow` leaves them out; CI runs them all.
    @Tag public static var slow: Self
}
