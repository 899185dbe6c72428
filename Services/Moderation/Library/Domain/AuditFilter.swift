import Foundation

/// Which audit entries to list; nil fields narrow nothing.
public struct AuditFilter: Sendable, Equatable {
    public var actor: String?
    public var kind: SubjectKind?
    public var subjectID: UUID?

    public init(actor: String? = nil, kind: SubjectKind? = nil, subjectID: UUID? = nil) {
        self.actor = actor
        self.kind = kind
        self.subjectID = subjectID
    }
}
