import RoamCore

/// The feed service's own failures, each with its stable reason.
public enum FeedError {
    public static let postNotFound = RoamError.notFound("post")
    public static let notEventMember = RoamError(
        .permissionDenied, reason: "PERMISSION_DENIED",
        message: "only active members of the event may do this")
    public static let notAuthor = RoamError.permissionDenied("only the author may do this")
}

extension FeedError {
    public static let commentNotFound = RoamError.notFound("comment")
}

extension FeedError {
    /// A live reader whose buffer filled; `lastDelivered` is where it can resume from history.
    public static func slowConsumer(lastDelivered: Int64) -> RoamError {
        RoamError(
            .resourceExhausted(retryAfter: .zero), reason: "SLOW_CONSUMER",
            message: "the stream fell too far behind and was closed; resume after sequence \(lastDelivered)")
    }

    public static let noLongerMember = RoamError(
        .permissionDenied, reason: "NO_LONGER_MEMBER",
        message: "you are no longer a member of this event")
    public static let eventEnded = RoamError(.notFound, reason: "EVENT_ENDED", message: "the event ended")
    public static let shuttingDown = RoamError(
        .unavailable, reason: "SHUTTING_DOWN",
        message: "this replica is stopping; connect again and resume after the last sequence you have")
}

extension FeedError {
    public static let alreadyReported = RoamError(.alreadyExists, reason: "ALREADY_REPORTED", message: "you already reported this")
}
