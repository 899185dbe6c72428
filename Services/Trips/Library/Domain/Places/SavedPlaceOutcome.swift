/// What saving a place to a trip came to.
public enum SavedPlaceOutcome: Sendable, Hashable {
    case saved(SavedPlace)
    /// It was saved to the trip before.
    case alreadySaved
}
