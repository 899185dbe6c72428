import Foundation
import PostgresNIO
import RoamRuntime

extension PostgresFeedStore {
    static let chatColumns = "id, event_id, sequence, author_id, text, sent_at"

    static func decodeChatMessage(_ row: PostgresRow) throws -> ChatMessage {
        let (id, event, sequence, author, text, sent) = try row.decode((UUID, UUID, Int64, UUID, String, Date).self)
        return ChatMessage(id: id, eventID: event, sequence: sequence, authorID: author, text: text, sentAt: sent)
    }

    public func appendChatMessage(_ message: ChatMessage, idempotencyKey: String?) async throws -> ChatMessage {
        try await database.transaction { connection in
            if let idempotencyKey,
                let earlier = try await connection.query(
                    """
                    SELECT \(unescaped: Self.chatColumns) FROM feed.chat_messages
                    WHERE author_id = \(message.authorID) AND idempotency_key = \(idempotencyKey)
                    """, logger: logger
                ).collect().first
            {
                let first = try Self.decodeChatMessage(earlier)
                try await connection.checkReplay(of: "feed.chat_messages", id: first.id, logger: logger)
                return first
            }
            // The room's row stays locked until commit: the next message waits, so sequences commit in order.
            let numbered = try await connection.query(
                """
                INSERT INTO feed.chat_rooms (event_id, last_sequence) VALUES (\(message.eventID), 1)
                ON CONFLICT (event_id) DO UPDATE SET last_sequence = feed.chat_rooms.last_sequence + 1
                RETURNING last_sequence
                """, logger: logger
            ).collect()
            var stored = message
            stored.sequence = try numbered[0].decode(Int64.self)
            try await connection.query(
                """
                INSERT INTO feed.chat_messages (event_id, sequence, id, author_id, text, sent_at, idempotency_key, idempotency_fingerprint)
                VALUES (\(stored.eventID), \(stored.sequence), \(stored.id), \(stored.authorID), \(stored.text), \(stored.sentAt), \(idempotencyKey), \(IdempotentRequest.fingerprint))
                """, logger: logger)
            return stored
        }
    }

    public func chatMessages(in event: UUID, after sequence: Int64, limit: Int) async throws -> [ChatMessage] {
        try await database.query(
            """
            SELECT \(unescaped: Self.chatColumns) FROM feed.chat_messages
            WHERE event_id = \(event) AND sequence > \(sequence) ORDER BY sequence LIMIT \(limit)
            """
        ).map(Self.decodeChatMessage)
    }

    public func chatHistory(in event: UUID, page: PageRequest) async throws -> Page<ChatMessage> {
        let before = try ChatCursor.decode(page.cursor) ?? .max
        let messages = try await database.query(
            """
            SELECT \(unescaped: Self.chatColumns) FROM feed.chat_messages
            WHERE event_id = \(event) AND sequence < \(before) ORDER BY sequence DESC LIMIT \(page.size + 1)
            """
        ).map(Self.decodeChatMessage)
        return Page(fetched: messages, size: page.size, cursor: ChatCursor.encode(before:))
    }

    public func latestChatSequence(in event: UUID) async throws -> Int64 {
        try await database.query("SELECT last_sequence FROM feed.chat_rooms WHERE event_id = \(event)").first?.decode(Int64.self) ?? 0
    }

    public func deleteChatMessages(by author: UUID) async throws -> Int {
        try await database.query("DELETE FROM feed.chat_messages WHERE author_id = \(author) RETURNING 1").count
    }

    public func deleteChat(inEvent event: UUID) async throws -> Int {
        try await database.transaction { connection in
            try await connection.query("DELETE FROM feed.chat_rooms WHERE event_id = \(event)", logger: logger)
            return try await connection.query("DELETE FROM feed.chat_messages WHERE event_id = \(event) RETURNING 1", logger: logger)
                .collect().count
        }
    }
}
