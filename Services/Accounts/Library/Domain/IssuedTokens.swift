import Foundation

/// Tokens handed to a client after signing up, logging in or refreshing.
public struct IssuedTokens: Sendable, Equatable {
    public var accessToken: String
    public var accessTokenExpiresAt: Date
    public var refreshToken: String
    public var refreshTokenExpiresAt: Date
    public var sessionID: UUID
    /// After a sign-up or a log-in with a password: the token that marks this device as known to the
    /// account (`KnownDeviceRepository`); empty otherwise.
    public var deviceToken = ""
}
