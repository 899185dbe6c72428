/// Which cases to list; nil fields narrow nothing.
public struct CaseFilter: Sendable, Equatable {
    public var status: CaseStatus?
    public var kind: SubjectKind?

    public init(status: CaseStatus? = nil, kind: SubjectKind? = nil) {
        self.status = status
        self.kind = kind
    }
}
