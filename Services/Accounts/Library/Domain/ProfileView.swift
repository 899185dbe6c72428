import Foundation

/// What a caller gets back about a user: the stored user plus how they relate to the caller.
public struct ProfileView: Sendable, Equatable {
    public var user: User
    public var followedByViewer: Bool
    public var followsViewer: Bool
    /// Email, phone and verification state are shown to the owner only.
    public var isOwner: Bool

    public init(user: User, followedByViewer: Bool = false, followsViewer: Bool = false, isOwner: Bool = false) {
        self.user = user
        self.followedByViewer = followedByViewer
        self.followsViewer = followsViewer
        self.isOwner = isOwner
    }
}
