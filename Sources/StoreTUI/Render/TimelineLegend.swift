/// What the timeline's symbols mean, for the help dialog; the symbols are those `TimelineView`
/// draws.
enum TimelineLegend {
    /// Two lines that fit the help dialog's 74 columns.
    static func lines(_ language: Language) -> [String] {
        [language(.legendArrows), language(.legendMarks)]
    }
}
