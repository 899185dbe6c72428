import Foundation
import RoamCore

/// Someone reading another's lists: who they follow and who they must not see, as accounts says.
public struct Reader: Sendable {
    public let id: UUID
    public let relations: Relations

    /// The visibilities of `owner`'s lists this reader sees: all of their own, none of someone they
    /// block or who blocks them, followers' lists of someone they follow, public ones of anyone else.
    public func visibilities(of owner: UUID) -> Set<Visibility> {
        if owner == id { return Set(Visibility.allCases) }
        if relations.hidden.contains(owner) { return [] }
        return relations.following.contains(owner) ? [.public, .followers] : [.public]
    }

    public func sees(_ visibility: Visibility, of owner: UUID) -> Bool {
        visibilities(of: owner).contains(visibility)
    }
}
