import Foundation
import ReadSide

/// Ratios of two measurements, and measurements as the JSON and table show them.
enum Ratio {
    /// `numerator / denominator`, or 0 when the denominator is not positive.
    static func of(_ numerator: Double, _ denominator: Double) -> Double {
        denominator > 0 ? numerator / denominator : 0
    }

    /// A non-negative measurement rounded to a whole number, for the JSON.
    static func rounded(_ value: Double) -> JSONText {
        .int(Int(max(0, value).rounded()))
    }

    /// A measurement for the table: whole numbers from 100 up, else three significant digits.
    static func text(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : String(format: value >= 10 ? "%.1f" : "%.2f", value)
    }

    /// A ratio for the table: `1.07×`.
    static func times(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f×" : "%.2f×", value)
    }
}
