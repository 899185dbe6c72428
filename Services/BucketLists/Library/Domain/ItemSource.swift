import Foundation

/// Where a copied item came from.
public enum ItemSource: Sendable, Hashable {
    case activity(UUID)
    /// Another user's item.
    case item(UUID)
}
