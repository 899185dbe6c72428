import Foundation

/// Nonces of ID tokens already used to sign in, so a token cannot be played twice.
public protocol NonceRepository: Sendable {
    /// Records the nonce's digest until an hour after `expiresAt`; false when it was used before.
    func use(_ digest: [UInt8], until expiresAt: Date, at time: Date) async throws -> Bool
}
