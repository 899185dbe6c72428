import Foundation
import RoamRuntime

/// Where chat messages live, numbered per event in the order they were accepted.
public protocol ChatRepository: Sendable {
    /// Stores the message with the event's next sequence number. When the author used
    /// `idempotencyKey` before, returns that message instead.
    func appendChatMessage(_ message: ChatMessage, idempotencyKey: String?) async throws -> ChatMessage
    /// Messages after `sequence`, oldest first, at most `limit`.
    func chatMessages(in event: UUID, after sequence: Int64, limit: Int) async throws -> [ChatMessage]
    /// The event's messages newest first, one page at a time.
    func chatHistory(in event: UUID, page: PageRequest) async throws -> Page<ChatMessage>
    /// The sequence of the event's last message; 0 when it has none.
    func latestChatSequence(in event: UUID) async throws -> Int64
    /// Forgets the author's messages in every chat; returns how many went. Sequences keep their numbers.
    func deleteChatMessages(by author: UUID) async throws -> Int
    /// Forgets the event's chat; returns how many messages went.
    func deleteChat(inEvent event: UUID) async throws -> Int
}
