/// Who may join a group walk. None of them needs to stand inside a fence.
public enum GroupWalkPrivacy: String, Sendable, Hashable, CaseIterable {
    /// Anyone who finds it.
    case everyone
    /// People who follow the host and whom the host follows.
    case friends
    /// Only people the host invited.
    case invited
}
