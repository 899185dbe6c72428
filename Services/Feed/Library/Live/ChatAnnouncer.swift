import Foundation

/// Tells every feed replica that an event's chat has new messages, or its feed something new, so each
/// delivers it to the readers it holds. What is new stays in the store; only the news travels.
public protocol ChatAnnouncer: Sendable {
    func announce(event: UUID) async
    func publish(_ news: FeedNews, in event: UUID) async
}
