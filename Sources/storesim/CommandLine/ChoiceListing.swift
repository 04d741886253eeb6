import IAPCore

/// How the error line for a word that none of an option's choices is teaches the valid ones.
enum ChoiceListing: Sendable {
    /// "unknown strategy 'x'; did you mean 'y'? expected one of: …", from `NearWords`.
    case nearWords
    /// The choices spelled out after `lead`, as in "unknown StoreKit API 'x'; expected storekit1
    /// or storekit2"; `namingOption` says which option after the word ("unknown format 'x' for --to").
    case spelled(lead: String, namingOption: Bool = false)

    /// The error line for `word`, an unknown `noun` given to `option`.
    func line(unknown word: String, noun: String, option: String, choices: [String]) -> String {
        let unknown = "unknown \(noun) '\(word)'"
        switch self {
        case .nearWords:
            return unknown + NearWords(word, among: choices).hint
        case .spelled(let lead, let namingOption):
            let spelled = choices.count > 1 ? choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "") : choices.joined()
            return unknown + (namingOption ? " for \(option)" : "") + lead + spelled
        }
    }
}
