/// Words the interface shows for something declared outside it (a Store switch's label), in
/// each language the interface speaks. A language added to the interface is a field added here,
/// so no declaration can leave it out.
struct Wording: Sendable, Hashable {
    let english: String
    let simplifiedChinese: String

    init(_ english: String, simplifiedChinese: String) {
        self.english = english
        self.simplifiedChinese = simplifiedChinese
    }
}
