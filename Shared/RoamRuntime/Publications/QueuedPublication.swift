import Foundation

/// A publication waiting in a service's outbox for the notifications service to file it.
public struct QueuedPublication: Sendable, Equatable {
    public var id: UUID
    public var publication: Publication
    /// Tries so far, the claim that returned it included.
    public var attempts: Int

    public init(id: UUID = .v7(), publication: Publication, attempts: Int = 0) {
        self.id = id
        self.publication = publication
        self.attempts = attempts
    }
}
