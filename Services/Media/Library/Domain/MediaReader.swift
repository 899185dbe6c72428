import Foundation

/// Who is reading a variant: the owner (by their token), or anyone holding a link the gateway signed
/// (checked before the domain sees it), who gets only copies without metadata.
public enum MediaReader: Sendable, Equatable {
    case owner(UUID)
    case linkHolder
}
