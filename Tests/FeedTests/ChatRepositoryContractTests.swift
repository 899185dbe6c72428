import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Feed

/// The chat store numbers messages the same way in memory and in PostgreSQL.
@Suite struct ChatRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func messagesAreNumberedPerEventAndReadBothWays(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let (event, other) = (UUID(), UUID())
            #expect(try await store.latestChatSequence(in: event) == 0)
            for index in 1...5 { _ = try await store.appendChatMessage(Fixtures.chat(in: event, text: "m\(index)"), idempotencyKey: nil) }
            #expect(try await store.appendChatMessage(Fixtures.chat(in: other), idempotencyKey: nil).sequence == 1)
            #expect(try await store.latestChatSequence(in: event) == 5)
            #expect(try await store.chatMessages(in: event, after: 2, limit: 2).map(\.text) == ["m3", "m4"])
            let first = try await store.chatHistory(in: event, page: PageRequest(size: 3))
            let second = try await store.chatHistory(in: event, page: PageRequest(size: 3, cursor: first.nextCursor))
            #expect((first.items + second.items).map(\.sequence) == [5, 4, 3, 2, 1])
            #expect(second.nextCursor == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func retriedMessagesAreStoredOnce(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let event = UUID()
            let message = try await store.appendChatMessage(Fixtures.chat(in: event), idempotencyKey: "k")
            var retry = Fixtures.chat(in: event, by: message.authorID)
            retry.text = "again"
            #expect(try await store.appendChatMessage(retry, idempotencyKey: "k") == message)
            #expect(try await store.latestChatSequence(in: event) == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingAChatLeavesNothingAndStartsAgainAtOne(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let event = UUID()
            for _ in 0..<3 { _ = try await store.appendChatMessage(Fixtures.chat(in: event), idempotencyKey: nil) }
            #expect(try await store.deleteChat(inEvent: event) == 3)
            #expect(try await store.deleteChat(inEvent: event) == 0)
            #expect(try await store.chatHistory(in: event, page: PageRequest()).items.isEmpty)
            #expect(try await store.latestChatSequence(in: event) == 0)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentSendersGetGaplessDistinctSequences(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let event = UUID()
            let sequences = try await withThrowingTaskGroup(of: Int64.self) { group in
                for _ in 0..<200 { group.addTask { try await store.appendChatMessage(Fixtures.chat(in: event), idempotencyKey: nil).sequence } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(sequences.sorted() == Array(1...200))
            #expect(try await store.chatMessages(in: event, after: 0, limit: 500).map(\.sequence) == Array(1...200))
        }
    }
}
