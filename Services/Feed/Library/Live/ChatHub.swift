import Foundation
import Logging
import RoamRuntime

/// The live readers of each event's chat on this process. When told an event has news, it reads
/// the new messages from the store once and hands them to every reader in sequence order.
///
/// Each reader has a bounded buffer: one that falls `bufferSize` messages behind is closed with
/// SLOW_CONSUMER (never slowing the others) and resumes from history. The last `recentSize`
/// messages of a room stay in memory so a reader can join from a recent sequence without a gap.
/// News of the event's feed (a new post or comment, a changed like count) is read once per process and
/// handed to the live readers between messages; it is not kept for readers who join later.
/// A relay (a gateway fanning one stream out to its sockets) reads for many members: it is told of each
/// member removed instead of being closed.
public actor ChatHub: ChatAnnouncer {
    /// How a reader joins: live from its sequence, or it must first catch up from history.
    public enum Joining: Sendable {
        /// `backlog` holds the remembered messages after the reader's sequence, to hand over before
        /// anything from the stream, which brings what comes later: everything after `position`.
        case live(backlog: [ChatMessage], AsyncThrowingStream<ChatItem, any Error>, position: Int64)
        /// The room's memory starts after this sequence; read the store up to it first.
        case behind(coveredFrom: Int64)
    }

    struct Reader {
        /// Nil for a relay.
        var user: UUID?
        var continuation: AsyncThrowingStream<ChatItem, any Error>.Continuation
        var lastDelivered: Int64
    }

    struct Room {
        var readers: [UUID: Reader] = [:]
        /// The newest messages, in order; everything after `coveredFrom` is here.
        var recent: [ChatMessage] = []
        var coveredFrom: Int64
        var latest: Int64
        var fetching = false
        var again = false
    }

    let store: any FeedStore
    let bufferSize: Int
    let recentSize: Int
    private var rooms: [UUID: Room] = [:]
    private var opening: [UUID: Task<Int64, any Error>] = [:]

    public init(store: any FeedStore, bufferSize: Int = 256, recentSize: Int = 512) {
        self.store = store
        self.bufferSize = bufferSize
        self.recentSize = recentSize
    }

    /// Joins `user` (nil: a relay) to the event's live chat after `sequence` (nil: from now on).
    public func join(_ event: UUID, user: UUID?, after sequence: Int64?) async throws -> Joining {
        if rooms[event] == nil { try await open(event) }
        guard var room = rooms[event] else { return try await join(event, user: user, after: sequence) }
        let start = sequence ?? room.latest
        guard start >= room.coveredFrom else { return .behind(coveredFrom: room.coveredFrom) }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ChatItem.self, bufferingPolicy: .bufferingOldest(bufferSize))
        let backlog = room.recent.filter { $0.sequence > start }
        let reader = Reader(user: user, continuation: continuation, lastDelivered: backlog.last?.sequence ?? start)
        let id = UUID()
        room.readers[id] = reader
        rooms[event] = room
        continuation.onTermination = { [weak self] _ in
            Task { await self?.leave(event, reader: id) }
        }
        return .live(backlog: backlog, stream, position: reader.lastDelivered)
    }

    /// New messages were stored for the event: deliver them to this process's readers.
    public func announce(event: UUID) async {
        guard var room = rooms[event] else { return }
        guard !room.fetching else {
            room.again = true
            rooms[event] = room
            return
        }
        room.fetching = true
        rooms[event] = room
        Task { await self.drain(event) }
    }

    /// Something is new in the event's feed: read it once and hand it to this process's live readers.
    public func publish(_ news: FeedNews, in event: UUID) async {
        guard rooms[event]?.readers.isEmpty == false else { return }
        let update: FeedUpdate?
        do {
            update = try await resolve(news, in: event)
        } catch {
            Logger(label: "roam.feed.chat").warning("could not read feed news", metadata: ["error": .describing(error)])
            return
        }
        guard let update, var room = rooms[event] else { return }
        for (id, reader) in room.readers {
            guard case .enqueued = reader.continuation.yield(.update(update)) else {
                reader.continuation.finish(throwing: FeedError.slowConsumer(lastDelivered: reader.lastDelivered))
                room.readers[id] = nil
                continue
            }
        }
        rooms[event] = room
    }

    private func resolve(_ news: FeedNews, in event: UUID) async throws -> FeedUpdate? {
        switch news {
        case .post(let id):
            return try await store.post(id: id).flatMap { $0.audience.eventID == event ? .post($0) : nil }
        case .comment(let id):
            return try await store.comment(id: id).flatMap { $0.eventID == event && !$0.isDeleted ? .comment($0) : nil }
        case .likes(let subject):
            let counts = try await store.engagement(of: subject.kind, ids: [subject.id], viewer: UUID())
            return counts[subject.id].map { .likes(subject, count: $0.likes) }
        }
    }

    /// Announces every open room: a backstop for news that never arrived (a lost connection).
    public func announceAll() async {
        for event in rooms.keys { await announce(event: event) }
    }

    /// Closes the user's readers of the event at once (they left, moved out or were banned), and tells
    /// its relays.
    public func revoke(_ user: UUID, from event: UUID) {
        close(event, with: FeedError.noLongerMember) { $0.user == user }
        guard var room = rooms[event] else { return }
        for (id, reader) in room.readers where reader.user == nil {
            guard case .enqueued = reader.continuation.yield(.removed(user)) else {
                reader.continuation.finish(throwing: FeedError.slowConsumer(lastDelivered: reader.lastDelivered))
                room.readers[id] = nil
                continue
            }
        }
        rooms[event] = room
    }

    /// Tells every relay that membership may have changed while no one was telling this process: its
    /// readers are its gateway's to check again.
    public func askRelaysToRecheck() {
        for (event, var room) in rooms {
            for (id, reader) in room.readers where reader.user == nil {
                guard case .enqueued = reader.continuation.yield(.recheck) else {
                    reader.continuation.finish(throwing: FeedError.slowConsumer(lastDelivered: reader.lastDelivered))
                    room.readers[id] = nil
                    continue
                }
            }
            rooms[event] = room
        }
    }

    /// The events with relays on this process.
    public var relayedEvents: [UUID] {
        rooms.compactMap { event, room in room.readers.values.contains { $0.user == nil } ? event : nil }
    }

    /// Closes every reader of the event: it ended.
    public func end(_ event: UUID) {
        close(event, with: FeedError.eventEnded) { _ in true }
    }

    /// Closes every reader on this process: it is stopping, and readers resume on another replica.
    public func closeAll() {
        for event in rooms.keys { close(event, with: FeedError.shuttingDown) { _ in true } }
    }

    /// Who is reading which event on this process, so membership can be checked again after a gap
    /// (relays aside).
    public var readers: [(event: UUID, user: UUID)] {
        rooms.flatMap { event, room in room.readers.values.compactMap { reader in reader.user.map { (event, $0) } } }
    }

    public var readerCount: Int {
        rooms.values.reduce(0) { $0 + $1.readers.count }
    }

    private func open(_ event: UUID) async throws {
        let task = opening[event] ?? Task { try await store.latestChatSequence(in: event) }
        opening[event] = task
        defer { opening[event] = nil }
        let latest = try await task.value
        guard rooms[event] == nil else { return }
        rooms[event] = Room(coveredFrom: latest, latest: latest)
        // A message stored while the room was opening was announced to no one: look once more.
        await announce(event: event)
    }

    private func drain(_ event: UUID) async {
        while var room = rooms[event] {
            room.again = false
            rooms[event] = room
            let fresh: [ChatMessage]
            do {
                fresh = try await store.chatMessages(in: event, after: room.latest, limit: 500)
            } catch {
                Logger(label: "roam.feed.chat").warning("could not read new chat messages", metadata: ["error": .describing(error)])
                fresh = []
            }
            guard var current = rooms[event] else { return }
            deliver(fresh, in: &current)
            if fresh.count == 500 { current.again = true }
            if !current.again {
                current.fetching = false
                rooms[event] = current.readers.isEmpty ? nil : current
                return
            }
            rooms[event] = current
        }
    }

    private func deliver(_ messages: [ChatMessage], in room: inout Room) {
        let fresh = messages.filter { $0.sequence > room.latest }
        guard let last = fresh.last else { return }
        room.latest = last.sequence
        room.recent.append(contentsOf: fresh)
        if room.recent.count > recentSize {
            room.recent.removeFirst(room.recent.count - recentSize)
            room.coveredFrom = room.recent[0].sequence - 1
        }
        for (id, var reader) in room.readers {
            for message in fresh where message.sequence > reader.lastDelivered {
                guard case .enqueued = reader.continuation.yield(.message(message)) else {
                    reader.continuation.finish(throwing: FeedError.slowConsumer(lastDelivered: reader.lastDelivered))
                    room.readers[id] = nil
                    break
                }
                reader.lastDelivered = message.sequence
            }
            if room.readers[id] != nil { room.readers[id] = reader }
        }
    }

    private func close(_ event: UUID, with error: RoamError, where matches: (Reader) -> Bool) {
        guard var room = rooms[event] else { return }
        for (id, reader) in room.readers where matches(reader) {
            room.readers[id] = nil
            reader.continuation.finish(throwing: error)
        }
        rooms[event] = room
        if room.readers.isEmpty && !room.fetching { rooms[event] = nil }
    }

    private func leave(_ event: UUID, reader id: UUID) {
        guard var room = rooms[event] else { return }
        room.readers[id] = nil
        rooms[event] = room.readers.isEmpty && !room.fetching ? nil : room
    }
}
