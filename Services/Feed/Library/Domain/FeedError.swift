import RoamRuntime

/// The feed service's own failures, each with its stable reason.
public enum FeedError {
    public static let postNotFound = RoamError.notFound("post")
    public static let notEventMember = RoamError(.permissionDenied, reason: "PERMISSION_DENIED",
                                                 message: "only active members of the event may do this")
    public static let notAuthor = RoamError.permissionDenied("only the author may do this")
}

extension FeedError {
    public static let commentNotFound = RoamError.notFound("comment")
}
