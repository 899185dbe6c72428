/// A user's vote on an activity.
public enum Vote: String, Sendable, Hashable {
    case up
    case down

    /// What the vote adds to the up and down counts.
    var counts: VoteCounts { self == .up ? VoteCounts(up: 1, down: 0) : VoteCounts(up: 0, down: 1) }
}
