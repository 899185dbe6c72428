import Foundation

/// Who is making a request, as proven by its access token.
public enum Caller: Sendable, Equatable {
    case user(AuthenticatedUser)
    /// Another Roam service doing work no user asked for (expiry, purges, outbox deliveries).
    case service(name: String)
}
