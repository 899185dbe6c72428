import RoamCore

/// The walk rules' own refusals.
public enum WalkError {
    public static let notFound = RoamError.notFound("walk")
    public static let finished = RoamError(
        .failedPrecondition, reason: "WALK_FINISHED", message: "the walk is finished: nothing more can be recorded")
    public static let ongoing = RoamError(.failedPrecondition, reason: "WALK_ONGOING", message: "finish the walk first")
    public static let ownWalk = RoamError(.failedPrecondition, reason: "OWN_WALK", message: "you cannot rate your own walk")
}
