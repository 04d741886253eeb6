/// What the timeline's symbols mean, for the help dialog; the symbols are those `TimelineView`
/// draws.
enum TimelineLegend {
    /// Two lines that fit the help dialog's 74 columns.
    static let lines = [
        "Timeline: ●──▶ delivered  ●┄┄▷ in flight  ●──✗ never arrived  ◆ a note",
        "  next ▸ the next Space delivers it  ▸ your command  ✗ crash  ★ report",
    ]
}
