import Foundation

/// `manifest.json` in a backup folder: what it holds, which release made it, and how long each step
/// took. `roam restore` reads it first.
struct BackupManifest: Codable, Sendable {
    static let fileName = "manifest.json"
    static let databaseFile = "database.dump"
    static let mediaFolder = "media"
    static let keysFile = "accounts-signing-key"

    var roamVersion: String
    var createdAt: Date
    /// Each schema's newest applied migration when the dump began.
    var schemas: [String: Int]
    var blobs: Int
    var blobBytes: Int
    /// Where the blobs came from (a folder or a bucket).
    var mediaSource: String
    /// Whether the accounts' signing keys are in the folder (not when they are kept in a secret).
    var signingKeys: Bool
    /// Seconds each step took, in order.
    var steps: [Step]

    struct Step: Codable, Sendable {
        var name: String
        var seconds: Double
    }
}
