import Foundation
import RoamCore

/// An event's live chat: active members send and read; readers get every message once, in order,
/// from where their history ends.
extension FeedService {
    public func send(_ text: String, to event: UUID, by author: UUID, idempotencyKey: String?) async throws -> ChatMessage {
        var validation = Validation()
        validation.require(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "text", "must not be empty")
        validation.require(text.count <= ChatMessage.maxTextLength, "text", "must be at most \(ChatMessage.maxTextLength) characters")
        validation.requireStorable(text, "text")
        validation.requireNoOverrides(text, "text")
        try validation.check()
        try IdempotencyKey.check(idempotencyKey)
        guard try await membership.status(of: author, in: event).active else { throw FeedError.notEventMember }
        let time = now()
        let message = try await store.appendChatMessage(
            ChatMessage(id: .v7(at: time), eventID: event, authorID: author, text: text, sentAt: time),
            idempotencyKey: idempotencyKey.flatMap { $0.isEmpty ? nil : $0 })
        await announcer.announce(event: event)
        return message
    }

    /// The event's messages, newest first, without those of users blocked either way (a page may
    /// then be shorter than asked; the cursor goes on).
    public func chatHistory(_ event: UUID, reader: UUID, page: PageRequest) async throws -> Page<ChatMessage> {
        guard try await membership.status(of: reader, in: event).active else { throw FeedError.notEventMember }
        let hidden = try await graph.relations(of: reader).hidden
        let listed = try await store.chatHistory(in: event, page: page)
        return Page(items: listed.items.filter { !hidden.contains($0.authorID) }, nextCursor: listed.nextCursor)
    }

    /// Hands `deliver` every message after `sequence` (nil: only those sent from now on), in order,
    /// at the reader's pace. Returns or throws only when reading must stop: the reader left or was
    /// removed or banned (NO_LONGER_MEMBER), the event ended (EVENT_ENDED), or the reader fell too
    /// far behind (SLOW_CONSUMER; resume from the last sequence delivered).
    /// `live` is called once, when the reader has caught up and new messages follow as they come.
    /// Messages of users blocked either way (as known when reading starts) are skipped. Once live,
    /// `update` gets news of the event's feed between messages (a new post or comment, a like count).
    public func readChat(
        _ event: UUID, reader: UUID, after sequence: Int64?, live: () async throws -> Void = {},
        update: (FeedUpdate) async throws -> Void = { _ in },
        deliver deliverAny: (ChatMessage) async throws -> Void
    ) async throws {
        if let sequence, sequence < 0 { throw RoamError.invalidField("after_sequence", "must not be negative") }
        let hidden = try await openChatReader(event, reader: reader)
        try await follow(event, as: reader, after: sequence, live: { _ in try await live() }) { item in
            switch item {
            case .message(let message):
                if !hidden.contains(message.authorID) { try await deliverAny(message) }
            case .update(let news):
                if news.authorID.map(hidden.contains) != true { try await update(news) }
            case .removed, .recheck:
                break
            }
        }
    }

    /// Checks that `reader` may read the event's chat now, and returns whose messages and news to leave
    /// out for them: users blocked either way.
    public func openChatReader(_ event: UUID, reader: UUID) async throws -> Set<UUID> {
        guard try await membership.status(of: reader, in: event).active else { throw FeedError.notEventMember }
        return try await graph.relations(of: reader).hidden
    }

    /// Which of `readers` may no longer read the event's chat (every one of them when it ended).
    public func checkChatReaders(_ event: UUID, readers: [UUID]) async throws -> (removed: [UUID], eventEnded: Bool) {
        var removed: [UUID] = []
        for reader in readers {
            let status = try await membership.status(of: reader, in: event)
            if status.eventGone { return (readers, true) }
            if !status.active { removed.append(reader) }
        }
        return (removed, false)
    }

    /// Everything the event's readers may receive, for a relay that serves many of them (a gateway
    /// fanning one stream out to its sockets and leaving out, per reader, whom they do not see):
    /// every message after `sequence` in order, `live` once caught up with the sequence up to which
    /// everything was sent, then news, each member removed, and `recheck` when membership may have
    /// changed unseen. Ends like `readChat` for the event's end, a slow relay and a stopping replica.
    public func relayChat(
        _ event: UUID, after sequence: Int64?, live: (Int64) async throws -> Void,
        _ receive: (ChatItem) async throws -> Void
    ) async throws {
        if let sequence, sequence < 0 { throw RoamError.invalidField("after_sequence", "must not be negative") }
        try await follow(event, as: nil, after: sequence, live: live, receive)
    }

    private static let nobody = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// Joins the event's room as `reader` (nil: a relay), catching up from history as needed, and hands
    /// over every item until reading must stop.
    private func follow(
        _ event: UUID, as reader: UUID?, after sequence: Int64?, live: (Int64) async throws -> Void,
        _ receive: (ChatItem) async throws -> Void
    ) async throws {
        var cursor = sequence
        while true {
            switch try await chat.join(event, user: reader, after: cursor) {
            case .live(let backlog, let stream, let position):
                // A removal that happened while joining reached no reader: check once more.
                // A relay asks about nobody in particular: whether the event is still there.
                let status = try await membership.status(of: reader ?? Self.nobody, in: event)
                guard status.active || (reader == nil && !status.eventGone) else {
                    throw status.eventGone ? FeedError.eventEnded : FeedError.noLongerMember
                }
                for message in backlog { try await receive(.message(message)) }
                try await live(position)
                for try await item in stream { try await receive(item) }
                return
            case .behind(let coveredFrom):
                var position = cursor ?? coveredFrom
                while position < coveredFrom {
                    let older = try await store.chatMessages(in: event, after: position, limit: 200)
                    guard !older.isEmpty else { break }
                    for message in older {
                        try await receive(.message(message))
                        position = message.sequence
                    }
                }
                cursor = max(position, coveredFrom)
            }
        }
    }
}

extension FeedService {
    /// Closes the readers whose membership ended while no one was telling this process about it.
    public func recheckChatReaders() async {
        for (event, user) in await chat.readers {
            guard let status = try? await membership.status(of: user, in: event), !status.active else { continue }
            // The event's end may reach this process after its membership is gone: say it ended.
            if status.eventGone { await chat.end(event) } else { await chat.revoke(user, from: event) }
        }
        // A relay's readers are its gateway's: it asks `checkChatReaders` about them. An event gone is ended here.
        for event in await chat.relayedEvents {
            if let status = try? await membership.status(of: Self.nobody, in: event), status.eventGone { await chat.end(event) }
        }
        await chat.askRelaysToRecheck()
    }
}
