import Foundation
import RoamCore

/// What comments and likes attach to, written `kind/id` on the wire: the feed's own posts and comments,
/// and other services' activities and bucket items (`activity/…`, `bucket_item/…`), which the feed asks
/// bucket lists about, and walks (`walk/…`), which it asks trips about.
public struct Subject: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case post
        case comment
        case activity
        case bucketItem = "bucket_item"
        case walk

        /// Kept by another service, which says who may see it.
        public var isExternal: Bool { self == .activity || self == .bucketItem || self == .walk }
    }

    public var kind: Kind
    public var id: UUID

    public init(_ kind: Kind, _ id: UUID) {
        self.kind = kind
        self.id = id
    }

    public static func post(_ id: UUID) -> Subject { Subject(.post, id) }
    public static func comment(_ id: UUID) -> Subject { Subject(.comment, id) }

    public var description: String { "\(kind.rawValue)/\(id.lowercasedString)" }

    /// Parses `kind/id`, or INVALID_ARGUMENT naming `field`.
    public init(field: String, _ text: String) throws(RoamError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let kind = Kind(rawValue: String(parts[0])), let id = UUID(uuidString: String(parts[1])) else {
            throw RoamError.invalidField(field, "must be kind/id, e.g. post/<uuid>; kinds: \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.init(kind, id)
    }
}
