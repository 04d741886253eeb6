/// The bench report as a table for people: each figure, its ratios, and one line per goal.
public enum BenchReportText {
    public static func lines(_ report: BenchReport, heading: String) -> [String] {
        var lines = [heading, "", "cache: one durable save + one durable remove of a pending order (µs, median)"]
        lines += table(["live entries", "storesim", "fsync floor", "rewrite", "sqlite",
                        "storesim/floor", "rewrite/storesim", "sqlite/storesim"], report.cache.map { entry in
            [String(entry.liveEntries), Ratio.text(entry.storesimMicros), Ratio.text(entry.fsyncFloorMicros),
             Ratio.text(entry.rewriteMicros), Ratio.text(entry.sqliteMicros), Ratio.times(entry.overFloor),
             Ratio.times(entry.rewriteSpeedup), Ratio.times(entry.sqliteSpeedup)]
        })
        lines += ["", "recovery: a launch that finds the pending orders and credits them all (ms, median)"]
        lines += table(["pending", "millis", "ms per order"], report.recovery.map { entry in
            [String(entry.pending), Ratio.text(entry.millis), Ratio.text(Ratio.of(entry.millis, Double(entry.pending)))]
        })
        lines.append("  1000 vs 100: \(Ratio.times(report.recoveryGrowth)) (linear is 10×)")
        lines += ["", "throughput (median)"]
        lines += table(["purchases per second (fsync on)", "chaos runs per second"],
                       [[Ratio.text(report.purchases.purchasesPerSecond), Ratio.text(report.chaosRunsPerSecond)]])
        lines.append(report.purchases.line)
        lines += ["", "render: one full TUI frame drawn and diffed, 10,000-event timeline (µs, median)"]
        lines += table(["terminal", "micros"], report.render.map { ["\($0.columns)×\($0.rows)", Ratio.text($0.micros)] })
        lines += ["", "peak resident memory: \(Ratio.text(report.sessionPeakRSSMegabytes)) MB for a world with a 10,000-event timeline, "
                  + "\(Ratio.text(report.peakRSSMegabytes)) MB for the whole bench (four 10,000-entry caches held at once)"]
        lines += report.scale.lines
        lines += report.serve.lines
        lines += ["", "goals"]
        lines += report.goals.map { "  " + $0.line }
        return lines
    }

    /// The header and rows with every column right-aligned to its widest cell.
    static func table(_ header: [String], _ rows: [[String]]) -> [String] {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        return ([header] + rows).map { cells in
            "  " + zip(cells, widths).map { cell, width in
                String(repeating: " ", count: width - cell.count) + cell
            }.joined(separator: "  ")
        }
    }
}
