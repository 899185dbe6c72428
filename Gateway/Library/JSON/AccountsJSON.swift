import Foundation

// The JSON the accounts routes accept and return. Field names are lowerCamelCase; optional request
// fields may be left out.

struct SignUpBody: Decodable {
    var email: String
    var username: String
    var password: String
    var displayName: String
    var deviceName: String?
}

struct LogInBody: Decodable {
    /// An email address or a username.
    var identifier: String
    var password: String
    var deviceName: String?
}

struct RefreshTokenBody: Decodable {
    var refreshToken: String
}

struct TokenBody: Decodable {
    var token: String
}

struct EmailBody: Decodable {
    var email: String
}

struct ResetPasswordBody: Decodable {
    var token: String
    var newPassword: String
}

struct ChangePasswordBody: Decodable {
    var currentPassword: String
    var newPassword: String
}

struct PasswordBody: Decodable {
    var password: String
}

struct ProfileChangesBody: Decodable {
    var displayName: String?
    var bio: String?
    var phone: String?
    var avatarMediaId: String?
}

struct TokensJSON: Codable {
    var tokenType = "Bearer"
    var accessToken: String
    var accessTokenExpiresAt: Date
    var refreshToken: String
    var refreshTokenExpiresAt: Date
    var sessionId: String
}

struct ProfileJSON: Codable {
    var userId: String
    var username: String
    var displayName: String
    var bio: String
    var phone: String?
    var avatarMediaId: String?
    var followerCount: Int64
    var followingCount: Int64
    var followedByMe: Bool
    var followsMe: Bool
}

struct AccountJSON: Codable {
    var userId: String
    var email: String
    var emailVerified: Bool
    var profile: ProfileJSON
    var createdAt: Date
}

struct SessionJSON: Codable {
    var sessionId: String
    var userAgent: String
    var deviceName: String
    var clientAddress: String
    var createdAt: Date
    var lastUsedAt: Date
    var current: Bool
}

struct SignedInJSON: Codable {
    var account: AccountJSON
    var tokens: TokensJSON
}

struct SessionsJSON: Codable {
    var sessions: [SessionJSON]
}

struct RevokedSessionsJSON: Codable {
    var revokedCount: Int32
}

struct ProfilePageJSON: Codable {
    var profiles: [ProfileJSON]
    var totalCount: Int64?
    var nextPageToken: String?
}
