import RoamCore

/// The events service's own failures, each with its stable reason.
public enum EventsError {
    public static let eventNotFound = RoamError.notFound("event")
    public static let notHost = RoamError.permissionDenied("only the host may do this")
    public static let notMember = RoamError(.permissionDenied, reason: "PERMISSION_DENIED", message: "you are not a member of this event")
    public static let banned = RoamError(.permissionDenied, reason: "BANNED", message: "you are banned from this event")
    public static let outsideFence = RoamError(
        .failedPrecondition, reason: "OUTSIDE_FENCE", message: "you are outside the event's area",
        violations: [.init(field: "position", description: "is outside the event's area")])
    public static let full = RoamError(
        .failedPrecondition, reason: "EVENT_FULL",
        message: "the event is full; join its waitlist with waitlist_if_full")
    public static let notStarted = RoamError(.failedPrecondition, reason: "EVENT_NOT_STARTED", message: "the event has not started yet")
    public static let wrongPassword = RoamError(
        .permissionDenied, reason: "WRONG_PASSWORD", message: "the password is wrong",
        violations: [.init(field: "password", description: "is wrong")])
    public static let hostProtected = RoamError(
        .failedPrecondition, reason: "HOST_PROTECTED",
        message: "the host cannot be banned or reported",
        violations: [.init(field: "user_id", description: "is the host")])
    public static let alreadyReported = RoamError.alreadyExists(
        field: "user_id", reason: "ALREADY_REPORTED",
        message: "you already reported this member in this event")
    public static let targetNotMember = RoamError(
        .failedPrecondition, reason: "NOT_FOUND", message: "that user is not a member of this event",
        violations: [.init(field: "user_id", description: "is not a member of this event")])
    public static let cannotReportSelf = RoamError.invalidField("user_id", "you cannot report yourself")

    public static func tooInaccurate(limit: Double) -> RoamError {
        RoamError(
            .failedPrecondition, reason: "POSITION_TOO_INACCURATE",
            message: "the position's accuracy must be \(Int(limit)) metres or better",
            violations: [.init(field: "position.accuracy_meters", description: "must be at most \(Int(limit))")])
    }

    public static func capacityBelowMembers(_ members: Int) -> RoamError {
        RoamError(
            .failedPrecondition, reason: "CAPACITY_BELOW_MEMBERS", message: "the event already has \(members) members",
            violations: [.init(field: "capacity", description: "must be at least the \(members) current members")])
    }
}
