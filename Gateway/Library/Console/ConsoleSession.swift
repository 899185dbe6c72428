import Foundation

/// What the console's cookie holds, sealed (`ConsoleSeal`): the moderator's tokens from accounts, the
/// secret their forms' CSRF tokens are made from, and when they signed in.
struct ConsoleSession: Codable, Sendable, Equatable {
    var accessToken: String
    var refreshToken: String
    var csrfSecret: String
    /// How the console names its user (`@username`).
    var name: String
    var signedInAt: Date

    /// A console session lasts a working day; then the moderator signs in again.
    static let lifetime: TimeInterval = 12 * 3600

    enum CodingKeys: String, CodingKey {
        case accessToken = "a"
        case refreshToken = "r"
        case csrfSecret = "c"
        case name = "n"
        case signedInAt = "t"
    }

    func hasExpired(at now: Date) -> Bool {
        now.timeIntervalSince(signedInAt) > Self.lifetime || now < signedInAt.addingTimeInterval(-60)
    }
}
