import Foundation

/// No other service's subjects: for tests and tools without bucket lists; every such subject is unknown.
public struct NoExternalSubjects: ExternalSubjects {
    public init() {}

    public func owner(of subject: Subject, reader: UUID) async throws -> UUID? { nil }
}
