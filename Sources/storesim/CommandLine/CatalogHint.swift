import Foundation
import WorldCore

/// The hint a script's error line carries when the script names a product its catalog lacks
/// and a `.storekit` catalog of the same name sits beside it: which `--catalog` to pass.
enum CatalogHint {
    /// The error's one line, with the hint when it applies.
    static func line(_ error: WorldError, script: String, catalog option: String?) -> String {
        guard case .script(_, _, _, _?) = error, let beside = catalogBeside(script), beside != option else { return error.description }
        return error.description + "; the catalog beside the script may sell it: pass --catalog \(beside)"
    }

    /// `NAME.storekit` beside `NAME.scenario`, when it is a regular file.
    static func catalogBeside(_ script: String) -> String? {
        let path = (script as NSString).deletingPathExtension + ".storekit"
        guard path != script,
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
        return path
    }
}
