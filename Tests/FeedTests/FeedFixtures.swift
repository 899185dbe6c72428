import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Synchronization

@testable import Feed

extension StoreKind {
    func withStore(_ body: @Sendable (any FeedStore) async throws -> Void) async throws {
        try await with(memory: { InMemoryFeedStore() }, migrator: FeedMigrations.migrator, postgres: { PostgresFeedStore(database: $0) }, body)
    }
}

extension StoreKind {
    /// A store with no one else's rows in it, for tests of listings over every story.
    func withOwnStore(_ body: @Sendable (any FeedStore) async throws -> Void) async throws {
        try await with(
            memory: { InMemoryFeedStore() }, migrator: FeedMigrations.migrator, postgres: { PostgresFeedStore(database: $0) },
            ownDatabase: true, body)
    }
}

/// Membership as a test sets it: who is in which event, and who hosts it.
final class FakeMembership: EventMembership {
    private let members = Mutex<[UUID: (members: Set<UUID>, host: UUID)]>([:])

    func event(host: UUID, members: Set<UUID> = []) -> UUID {
        let id = UUID()
        self.members.withLock { $0[id] = (members.union([host]), host) }
        return id
    }

    func remove(_ user: UUID, from event: UUID) {
        members.withLock { _ = $0[event]?.members.remove(user) }
    }

    /// The event is gone, as events says of one that ended.
    func end(_ event: UUID) {
        members.withLock { $0[event] = nil }
    }

    func status(of user: UUID, in event: UUID) async throws -> MembershipStatus {
        members.withLock { events in
            guard let entry = events[event] else { return .eventGone }
            guard entry.members.contains(user) else { return .none }
            return MembershipStatus(active: true, isHost: entry.host == user)
        }
    }
}

enum Fixtures {
    /// Whole seconds survive PostgreSQL's microsecond timestamps exactly.
    static func now() -> Date {
        Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }

    static func post(in event: UUID, by author: UUID = UUID(), text: String = "Hello #party", at time: Date = now()) -> Post {
        Post(
            id: .v7(at: time), authorID: author, audience: .event(event), text: text, mediaIDs: [UUID()],
            tags: Hashtags.find(in: text), createdAt: time)
    }
}

extension Fixtures {
    static func story(by author: UUID = UUID(), text: String = "Sunset #beach", at time: Date = now()) -> Post {
        Post(
            id: .v7(at: time), authorID: author, audience: .place(Place(latitude: 21.27, longitude: -157.82, name: "Waikiki")),
            text: text, mediaIDs: [], tags: Hashtags.find(in: text), createdAt: time)
    }

    /// A comment on the post, `second` seconds after now so listings have a known order.
    static func comment(on post: Post, replyingTo parent: Comment? = nil, by author: UUID = UUID(), second: Int = 0) -> Comment {
        let time = now().addingTimeInterval(Double(second))
        return Comment(
            id: .v7(at: time), subject: .post(post.id), parentID: parent?.id, authorID: author, text: "Comment \(second)",
            createdAt: time, eventID: post.audience.eventID)
    }
}

extension Fixtures {
    static func storyDraft(text: String = "Sunset #beach") -> PostDraft {
        PostDraft.fixture(audience: .place(Place(latitude: 21.27, longitude: -157.82, name: "Waikiki")), text: text)
    }
}

extension Fixtures {
    static func chat(in event: UUID, by author: UUID = UUID(), text: String = "hi") -> ChatMessage {
        ChatMessage(id: .v7(), eventID: event, authorID: author, text: text, sentAt: now())
    }
}

/// Reads an event's chat in the background the way a stream would, keeping what arrives and how
/// reading ended.
final class ChatReading: Sendable {
    private final class Inbox: Sendable {
        let messages = Mutex<[ChatMessage]>([])
        let updates = Mutex<[FeedUpdate]>([])
        let live = Mutex(false)
    }

    private let inbox = Inbox()
    private let task: Task<String?, Never>

    /// `gate` makes the reader slow: before taking each message it waits until the test opens it.
    init(_ feed: FeedService, event: UUID, reader: UUID, after: Int64? = nil, gate: ReaderGate? = nil) {
        let inbox = inbox
        task = Task {
            await errorReason {
                try await feed.readChat(
                    event, reader: reader, after: after, live: { inbox.live.withLock { $0 = true } },
                    update: { update in inbox.updates.withLock { $0.append(update) } }
                ) { message in
                    try await gate?.pass()
                    inbox.messages.withLock { $0.append(message) }
                }
            }
        }
    }

    var messages: [ChatMessage] { inbox.messages.withLock { $0 } }

    /// News of the event's feed received while live.
    var updates: [FeedUpdate] { inbox.updates.withLock { $0 } }

    /// The updates once at least `count` arrived (or after 10 seconds).
    func waitForUpdates(_ count: Int) async -> [FeedUpdate] {
        await eventually { updates.count >= count }
        return updates
    }

    /// Waits until the reader has caught up and is live (or 30 seconds pass).
    func waitUntilLive() async {
        await eventually { inbox.live.withLock { $0 } }
    }

    /// The messages once at least `count` arrived (or after `timeout`).
    func waitFor(_ count: Int) async -> [ChatMessage] {
        await eventually { messages.count >= count }
        return messages
    }

    /// How reading ended: the error's reason, or nil when it returned.
    func end() async -> String? {
        await task.value
    }

    func stop() {
        task.cancel()
    }
}
