/// How search results are sorted.
public enum WalkOrder: Sendable, Hashable {
    /// The path nearest the point first (needs one).
    case distance
    /// Best average rating first, walks without ratings last.
    case rating
    /// Most recently finished first.
    case recent
}
