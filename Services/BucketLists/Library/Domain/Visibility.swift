/// Who sees a list and its items besides its owner.
public enum Visibility: String, Sendable, Hashable, CaseIterable {
    case `public`
    /// The owner's followers.
    case followers
    case `private`
}
