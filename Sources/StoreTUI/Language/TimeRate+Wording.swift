import IAPCore

extension TimeRate {
    /// The rate in a few words, for the header and the faults panel: `month/30s` is a month every
    /// 30 seconds, `renewal/2s` one renewal every 2 seconds.
    var shortWording: Wording {
        guard self != .real, let interval = rawValue.split(separator: "-").last else {
            return Wording("real time", simplifiedChinese: "实时")
        }
        let units = ["h": "小时", "m": "分钟", "s": "秒"]
        let chinese = String(interval.dropLast()) + (interval.last.flatMap { units[String($0)] } ?? "")
        return rawValue.hasPrefix("monthly")
            ? Wording("month/\(interval)", simplifiedChinese: "每\(chinese)一个月")
            : Wording("renewal/\(interval)", simplifiedChinese: "每\(chinese)续订一次")
    }
}
