/// How a search's activities are sorted; ties go to the newest.
public enum ActivityOrder: Sendable, Hashable {
    /// Highest score (up votes minus down votes) first.
    case score
    /// Nearest the circle's centre first.
    case distance
    case newest
}
