import Foundation

/// Stores sessions and their refresh tokens (as SHA-256 digests only).
public protocol SessionRepository: Sendable {
    func create(_ session: Session, refreshTokenDigest: [UInt8]) async throws
    /// Atomically swaps a current refresh token for a new one. Presenting a token that was already
    /// swapped out revokes the whole session.
    func rotate(refreshTokenDigest: [UInt8], to newDigest: [UInt8], at time: Date, newExpiry: Date) async throws -> RefreshOutcome
    /// Live sessions of a user, most recently used first.
    func sessions(userID: UUID, at time: Date) async throws -> [Session]
    func session(id: UUID) async throws -> Session?
    /// Returns whether a live session was revoked.
    func revoke(sessionID: UUID, userID: UUID) async throws -> Bool
    /// Revokes the session a refresh token belongs to; returns whether one was revoked.
    func revoke(refreshTokenDigest: [UInt8]) async throws -> Bool
    func revokeAll(userID: UUID, except: UUID?) async throws -> Int
    /// The account a refresh token was issued to, whether or not its session is still live.
    func owner(ofRefreshTokenDigest digest: [UInt8]) async throws -> UUID?
}
