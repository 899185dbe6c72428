import Foundation

/// A failure a caller can act on, free of any transport. Services throw these from their domain; the
/// gRPC layer turns them into a status code with a machine-readable reason and field violations, and
/// the gateway into `application/problem+json`.
public struct RoamError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case invalidArgument
        case unauthenticated
        case permissionDenied
        case notFound
        case alreadyExists
        case failedPrecondition
        case resourceExhausted(retryAfter: Duration)
        case aborted
        case unavailable
        case deadlineExceeded
        case `internal`
    }

    public struct FieldViolation: Sendable, Equatable {
        public var field: String
        public var description: String

        public init(field: String, description: String) {
            self.field = field
            self.description = description
        }
    }

    public var kind: Kind
    /// Stable upper-snake-case reason such as `USERNAME_TAKEN`; see `roam.common.v1.ErrorReason`.
    public var reason: String
    public var message: String
    public var violations: [FieldViolation]
    /// The id of what the request collides with (the pin too close, the place already saved).
    public var conflictingID: String?
    /// When the refusal ends (`ACCOUNT_SUSPENDED` until then); nil when it has no set end.
    public var suspendedUntil: Date?

    public init(
        _ kind: Kind, reason: String, message: String, violations: [FieldViolation] = [], conflictingID: String? = nil,
        suspendedUntil: Date? = nil
    ) {
        self.kind = kind
        self.reason = reason
        self.message = message
        self.violations = violations
        self.conflictingID = conflictingID
        self.suspendedUntil = suspendedUntil
    }

    public var description: String { "\(reason): \(message)" }
}

extension RoamError {
    public static func invalidField(_ field: String, _ description: String) -> RoamError {
        RoamError(
            .invalidArgument, reason: "INVALID_FIELD", message: "\(field): \(description)",
            violations: [FieldViolation(field: field, description: description)])
    }

    public static func notFound(_ what: String) -> RoamError {
        RoamError(.notFound, reason: "NOT_FOUND", message: "\(what) not found")
    }

    public static func unauthenticated(_ message: String = "a valid access token is required") -> RoamError {
        RoamError(.unauthenticated, reason: "UNAUTHENTICATED", message: message)
    }

    public static func permissionDenied(_ message: String) -> RoamError {
        RoamError(.permissionDenied, reason: "PERMISSION_DENIED", message: message)
    }

    public static func alreadyExists(field: String, reason: String, message: String) -> RoamError {
        RoamError(
            .alreadyExists, reason: reason, message: message,
            violations: [FieldViolation(field: field, description: message)])
    }

    /// The same error naming what the request collides with.
    public func conflicting(_ id: String) -> RoamError {
        var error = self
        error.conflictingID = id
        return error
    }

    public static func tooManyAttempts(retryAfter: Duration) -> RoamError {
        RoamError(
            .resourceExhausted(retryAfter: retryAfter), reason: "TOO_MANY_ATTEMPTS",
            message: "too many attempts; try again later")
    }

    public static let unavailable = RoamError(
        .unavailable, reason: "UNAVAILABLE",
        message: "the service is not ready; try again shortly")

    /// The service cannot reach its database (stopped, restarting, unreachable); retrying shortly helps.
    public static let databaseUnavailable = RoamError(
        .unavailable, reason: "DATABASE_UNAVAILABLE",
        message: "the database is unavailable; try again shortly")

    public static let `internal` = RoamError(.internal, reason: "INTERNAL", message: "internal error")
}
