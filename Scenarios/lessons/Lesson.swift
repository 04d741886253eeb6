import IAPCore

/// One of the lessons `storesim play` presents, built into the binary so that the interface
/// opens it from any folder: its script is the file beside this one, byte for byte.
public struct Lesson: Sendable, Equatable {
    /// Its place in the order the lessons are meant to be taken, from 1.
    public let number: Int
    /// The script's file name in `Scenarios/lessons/`.
    public let file: String
    /// The script, as the file holds it.
    public let script: String
    /// The store the lesson's world sells on.
    public let store: StoreKind

    /// What the lesson shows, from its first line (`# Lesson 1: the caching module's window,
    /// a loss.` gives `the caching module's window, a loss`).
    public var title: String {
        let first = script.prefix { $0 != "\n" }
        let title = first.drop { $0 != ":" }.dropFirst().drop { $0 == " " }
        return String(title.hasSuffix(".") ? title.dropLast() : title)
    }

    /// Every lesson, in order.
    public static let all = [
        Lesson(number: 1, file: "1-seed-one-window.scenario", bytes: PackageResources.__seed_one_window_scenario),
        Lesson(number: 2, file: "2-reply-lost.scenario", bytes: PackageResources.__reply_lost_scenario),
        Lesson(number: 3, file: "3-ask-to-buy-while-closed.scenario", bytes: PackageResources.__ask_to_buy_while_closed_scenario),
        Lesson(number: 4, file: "4-same-crash-app-store.scenario", bytes: PackageResources.__same_crash_app_store_scenario),
        Lesson(number: 5, file: "5-same-crash-google-play.scenario", bytes: PackageResources.__same_crash_google_play_scenario,
               store: .play),
    ]

    private init(number: Int, file: String, bytes: [UInt8], store: StoreKind = .appStore) {
        self.number = number
        self.file = file
        self.store = store
        script = String(decoding: bytes, as: UTF8.self)
    }
}
