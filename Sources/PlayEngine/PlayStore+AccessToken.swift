import Foundation
import IAPCore
import Storage

/// The access token of a Play world read from its file without opening the world: what
/// `chaos --server-url` on Google Play accepts from a backend set up against that world.
extension PlayStore {
    /// The Developer API's access token of the Play database at `path`, read without writing
    /// anything; nil when the file is not there or keeps no secret.
    public static func readAccessToken(path: String) throws(PlayError) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let secret = try PlayDatabase(path: path, readOnly: true).setting(secretSetting, as: { PlaySecret(text: $0) })
            return secret.map { PlayIdentifiers(secret: $0).accessToken }
        } catch {
            throw .storage(error)
        }
    }
}
