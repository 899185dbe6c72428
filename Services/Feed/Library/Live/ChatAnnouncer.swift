import Foundation

/// Tells every feed replica that an event's chat has new messages, so each delivers them to the
/// readers it holds. The message itself stays in the store; only the news travels.
public protocol ChatAnnouncer: Sendable {
    func announce(event: UUID) async
}
