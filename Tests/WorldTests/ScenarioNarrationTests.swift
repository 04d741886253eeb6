import IAPCore
import ScenarioLanguage
import Testing

/// Each step of a script carries the comment lines written above it, for `storesim play`.
@Suite struct ScenarioNarrationTests {
    let parser = ScenarioParser(catalog: BuiltInCatalog.catalog())

    @Test func eachStepCarriesTheCommentsBetweenItAndThePreviousStep() throws {
        let text = "# Title.\n\n#   First step,\n#\n# told in two lines.\nlaunch\r\nquit # not narration\n# Last.\r\nlaunch\n# trailing\n"
        let steps = try parser.parseNarrated(text, file: "t.scenario")
        #expect(steps.map(\.narration) == [["Title.", "First step,", "told in two lines."], [], ["Last."]])
        #expect(steps.map(\.step) == (try parser.parse(text, file: "t.scenario")), "the steps are those `run` carries out")
    }
}
