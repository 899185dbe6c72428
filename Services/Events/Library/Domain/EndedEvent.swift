import Foundation

/// An ended event removed from the store, with who was in it so they can be told.
public struct EndedEvent: Sendable, Equatable {
    public var eventID: UUID
    public var hostID: UUID
    public var formerMembers: [UUID]
    public var formerWaitlist: [UUID]

    /// Members, waitlist and host, each once.
    public var everyone: [UUID] {
        var seen = Set<UUID>()
        return ([hostID] + formerMembers + formerWaitlist).filter { seen.insert($0).inserted }
    }
}
