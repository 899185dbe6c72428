import Foundation
import RoamRuntime

extension InMemoryFeedStore {
    public func appendChatMessage(_ message: ChatMessage, idempotencyKey: String?) async throws -> ChatMessage {
        let key = idempotencyKey.map { "\(message.authorID)/\($0)" }
        if let key, let (event, sequence) = chatKeys[key], let earlier = chats[event]?.first(where: { $0.sequence == sequence }) {
            try fingerprints.checkReplay("chat/\(key)")
            return earlier
        }
        var stored = message
        stored.sequence = (chats[message.eventID]?.last?.sequence ?? 0) + 1
        chats[message.eventID, default: []].append(stored)
        if let key {
            chatKeys[key] = (message.eventID, stored.sequence)
            fingerprints.remember("chat/\(key)")
        }
        return stored
    }

    public func chatMessages(in event: UUID, after sequence: Int64, limit: Int) async throws -> [ChatMessage] {
        Array((chats[event] ?? []).filter { $0.sequence > sequence }.prefix(limit))
    }

    public func chatHistory(in event: UUID, page: PageRequest) async throws -> Page<ChatMessage> {
        let before = try ChatCursor.decode(page.cursor) ?? .max
        let listed = (chats[event] ?? []).reversed().filter { $0.sequence < before }
        return Page(fetched: Array(listed), size: page.size, cursor: ChatCursor.encode(before:))
    }

    public func latestChatSequence(in event: UUID) async throws -> Int64 {
        chats[event]?.last?.sequence ?? 0
    }

    public func deleteChatMessages(by author: UUID) async throws -> Int {
        var count = 0
        for event in chats.keys {
            let before = chats[event]?.count ?? 0
            chats[event]?.removeAll { $0.authorID == author }
            count += before - (chats[event]?.count ?? 0)
        }
        chatKeys = chatKeys.filter { !$0.key.hasPrefix("\(author)/") }
        return count
    }

    public func deleteChat(inEvent event: UUID) async throws -> Int {
        chatKeys = chatKeys.filter { $0.value.event != event }
        return chats.removeValue(forKey: event)?.count ?? 0
    }
}
