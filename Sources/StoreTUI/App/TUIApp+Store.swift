import IAPCore
import ScenarioLanguage
import WorldCore

extension TUIApp {
    /// The usage of `command` when it is the App Store's alone and the world sells on `store`,
    /// by the rule a script's parser keeps (the command's declaration names its stores), so that
    /// a key offers in a Google Play world nothing a script there could not say; nil when the
    /// world takes it. Ask to Buy, an answer of the App Store's sheet, is the App Store's too.
    static func appStoreOnly(_ command: ScenarioCommand, in store: StoreKind) -> String? {
        guard store == .play else { return nil }
        if case .buy(_, .ask) = command { return "buy PRODUCT ask" }
        guard let declaration = ScenarioVocabulary.declaration(of: command), !declaration.stores.contains(.play) else { return nil }
        return declaration.syntax.usage
    }
}
