import Foundation

/// The devices each account signed in from with its password, by the digest of the token each keeps.
/// Guessing from elsewhere never holds a known device back. Deleted with the account.
public protocol KnownDeviceRepository: Sendable {
    /// Remembers the device for the user, forgetting the user's least recently used ones past `limit`.
    func rememberDevice(digest: [UInt8], userID: UUID, at time: Date, limit: Int) async throws
    /// Whether the digest is a device of the user's; a known one is marked used at `time`.
    func isKnownDevice(digest: [UInt8], userID: UUID, at time: Date) async throws -> Bool
}
