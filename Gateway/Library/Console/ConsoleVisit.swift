import RoamCore

/// One request by a signed-in moderator: who they are, their session, the CSRF token its forms
/// carry, and the cookie to send back when the session's tokens were refreshed on the way.
struct ConsoleVisit: Sendable {
    var user: AuthenticatedUser
    var session: ConsoleSession
    var formToken: String
    var renewedCookie: String?

    var name: String { session.name }
    var isAdmin: Bool { user.roles.contains(.admin) }
}
