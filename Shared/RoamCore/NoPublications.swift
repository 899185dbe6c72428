import Foundation

/// Drops every publication (tests, and services running without notifications).
public struct NoPublications: PublicationSink {
    public init() {}
    public func publish(_ publications: [Publication]) async {}
    public func forget(user: UUID) async throws {}
}
