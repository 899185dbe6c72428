/// What kind of place an attraction is.
public enum PlaceCategory: String, Sendable, Hashable, CaseIterable {
    case restaurant, cafe, bar, museum, park, viewpoint, beach, shopping, nightlife, landmark, other
}
