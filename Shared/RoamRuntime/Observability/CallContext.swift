import Foundation
import Logging

/// What every piece of work done for one incoming call needs to know, carried in a task-local so
/// outbound calls and log lines pick it up without threading it through every signature.
public struct CallContext: Sendable {
    @TaskLocal public static var current = CallContext(requestID: "none", logger: Logger(label: "roam"))

    public var requestID: String
    public var logger: Logger
    public var caller: Caller?
    /// The caller's bearer token, forwarded when this service calls another on the user's behalf.
    public var bearerToken: String?
    /// The end user's address as the gateway saw it, else the connection's peer.
    public var clientAddress: String?
    /// When the caller stops waiting; outbound calls must finish before it.
    public var deadline: ContinuousClock.Instant?

    public init(
        requestID: String, logger: Logger, caller: Caller? = nil, bearerToken: String? = nil,
        clientAddress: String? = nil, deadline: ContinuousClock.Instant? = nil
    ) {
        self.requestID = requestID
        self.logger = logger
        self.caller = caller
        self.bearerToken = bearerToken
        self.clientAddress = clientAddress
        self.deadline = deadline
    }

    /// The calling user, or UNAUTHENTICATED.
    public func requireUser() throws(RoamError) -> AuthenticatedUser {
        guard case .user(let user) = caller else { throw RoamError.unauthenticated() }
        return user
    }

    /// The moderator making the call: a user with a role, or an operator (a service credential),
    /// named `actor` when a tool or service passes one on.
    public func requireModerator(actor: String = "") throws(RoamError) -> Moderator {
        guard let caller else { throw RoamError.unauthenticated() }
        return try Moderator(caller: caller, operatorName: actor)
    }

    /// The calling user's id, if a user is calling.
    public var userID: UUID? {
        if case .user(let user) = caller { return user.id }
        return nil
    }

    public var isService: Bool {
        if case .service = caller { return true }
        return false
    }

    public static func newRequestID() -> String {
        UUID().uuidString.lowercased()
    }
}
