import Foundation

/// One thing on the platform, named by its kind and id.
public struct Subject: Sendable, Hashable, Codable {
    public var kind: SubjectKind
    public var id: UUID

    public init(kind: SubjectKind, id: UUID) {
        self.kind = kind
        self.id = id
    }
}
