import Foundation
import GRPCCore
import Logging
import RoamProto
import RoamRuntime

/// One `RelayChat` stream from feed per event with readers on this gateway, fanned out to their
/// sockets: an idle reader costs its socket and a place in a dictionary rather than a gRPC stream on
/// both sides, and each message is encoded once for all of them. Every socket filters out the authors
/// its reader does not see (`ChatLine.authorID`); a member feed says was removed has their sockets
/// closed at once; a socket that falls `bufferSize` lines behind is closed with SLOW_CONSUMER (never
/// slowing the others). The last `recentSize` messages stay, so a reader resuming from a recent
/// sequence joins without a gap; one resuming from further back reads on its own stream.
actor ChatFanOut<Transport: ClientTransport> {
    /// How a socket joins.
    enum Joining: Sendable {
        /// `backlog` comes first, then everything from `lines`.
        case live(backlog: [ChatLine], lines: AsyncThrowingStream<ChatLine, any Error>)
        /// The room does not reach back to the socket's sequence: read on a stream of its own.
        case uncovered
    }

    private struct Socket {
        var user: UUID
        var continuation: AsyncThrowingStream<ChatLine, any Error>.Continuation
        var lastDelivered: Int64
    }

    private struct Room {
        /// A room opened again after its relay ended is another room.
        let id = UUID()
        var sockets: [UUID: Socket] = [:]
        var relay: Task<Void, Never>?
        /// The newest messages, in order: everything after `coveredFrom` is here once live.
        var recent: [ChatLine] = []
        /// Unknown (the maximum) until the relay is live, unless it started from a sequence.
        var coveredFrom: Int64
        var latest: Int64 = 0
        /// Sockets waiting for the relay to catch up.
        var waiting: [UUID: CheckedContinuation<Void, any Error>] = [:]
        var live = false
    }

    private let feed: FeedCaller<Transport>
    private let links: MediaLinkMaker
    private let serviceSecret: String
    private let bufferSize: Int
    private let recentSize: Int
    private var credential: ServiceCredential?
    private var rooms: [UUID: Room] = [:]
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = InternetDateTranscoder.jsonStrategy
        return encoder
    }()

    init(feed: FeedCaller<Transport>, links: MediaLinkMaker, serviceSecret: String, bufferSize: Int = 256, recentSize: Int = 512) {
        self.feed = feed
        self.links = links
        self.serviceSecret = serviceSecret
        self.bufferSize = bufferSize
        self.recentSize = recentSize
    }

    /// Joins `user`'s socket to the event's room after `sequence` (nil: from now on), opening the
    /// room's relay when it is the first.
    func join(_ event: UUID, user: UUID, after sequence: Int64?) async throws -> Joining {
        if rooms[event] == nil {
            var room = Room(coveredFrom: sequence ?? .max)
            let id = room.id
            room.relay = Task { await self.relay(event, room: id, after: sequence) }
            rooms[event] = room
        }
        if rooms[event]?.live == false {
            // A socket that closes while waiting stops waiting (a feed that never answers holds no one).
            let waiter = UUID()
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    guard !Task.isCancelled, rooms[event] != nil else { return continuation.resume(throwing: CancellationError()) }
                    rooms[event]?.waiting[waiter] = continuation
                }
            } onCancel: {
                Task { await self.stopWaiting(event, waiter: waiter) }
            }
        }
        // The relay may have ended while this socket waited: start over.
        guard var room = rooms[event] else { return try await join(event, user: user, after: sequence) }
        let start = sequence ?? room.latest
        guard start >= room.coveredFrom else { return .uncovered }
        let (lines, continuation) = AsyncThrowingStream.makeStream(of: ChatLine.self, bufferingPolicy: .bufferingOldest(bufferSize))
        let backlog = room.recent.filter { ($0.sequence ?? 0) > start }
        let id = UUID()
        room.sockets[id] = Socket(user: user, continuation: continuation, lastDelivered: backlog.last?.sequence ?? start)
        rooms[event] = room
        continuation.onTermination = { [weak self] _ in
            Task { await self?.leave(event, socket: id) }
        }
        return .live(backlog: backlog, lines: lines)
    }

    private func leave(_ event: UUID, socket id: UUID) {
        guard var room = rooms[event] else { return }
        room.sockets[id] = nil
        rooms[event] = room
        closeIfUnused(event)
    }

    private func stopWaiting(_ event: UUID, waiter: UUID) {
        rooms[event]?.waiting.removeValue(forKey: waiter)?.resume(throwing: CancellationError())
        closeIfUnused(event)
    }

    /// The last reader gone (and none waiting): the relay is not needed.
    private func closeIfUnused(_ event: UUID) {
        guard let room = rooms[event], room.sockets.isEmpty, room.waiting.isEmpty else { return }
        room.relay?.cancel()
        rooms[event] = nil
    }

    /// Reads the event's relay until it ends, then closes the room's sockets with why.
    private func relay(_ event: UUID, room: UUID, after sequence: Int64?) async {
        let ending: any Error
        do {
            try await serviceCredential().acting(in: CallContext(requestID: "relay-chat-\(event)", logger: Logger(label: "roam.gateway.chat"))) {
                try await feed.call(longLived: true) { client, options in
                    try await client.relayChat(
                        .with {
                            $0.eventID = event.uuidString.lowercased()
                            if let sequence { $0.afterSequence = sequence }
                        }, options: options
                    ) { response in
                        for try await item in response.messages { await self.receive(item, in: event, room: room) }
                    }
                }
            }
            ending = CancellationError()
        } catch {
            ending = error
        }
        close(event, room: room, with: ending)
    }

    private func serviceCredential() async -> ServiceCredential {
        if let credential { return credential }
        let made = await ServiceCredential(serviceName: "gateway", secret: serviceSecret)
        credential = made
        return made
    }

    private func receive(_ item: Roam_Feed_V1_ChatRelayEvent, in event: UUID, room id: UUID) {
        guard var room = rooms[event], room.id == id else { return }
        switch item.event {
        case .message(let message):
            guard message.sequence > room.latest,
                let line = line(for: ChatFrame(type: "message", message: .init(message)), sequence: message.sequence, author: message.authorID)
            else { return }
            room.latest = message.sequence
            room.recent.append(line)
            if room.recent.count > recentSize {
                room.recent.removeFirst(room.recent.count - recentSize)
                room.coveredFrom = (room.recent[0].sequence ?? 1) - 1
            }
            deliver(line, in: &room)
        case .feedUpdate(let update):
            guard let frame = ChatFrame(update, links: links), let line = line(for: frame, sequence: nil, author: Self.author(of: update)) else {
                return
            }
            deliver(line, in: &room)
        case .removedUserID(let removed):
            guard let user = UUID(uuidString: removed) else { return }
            return remove([user], in: event, room: id)
        case .recheck:
            let readers = Array(Set(room.sockets.values.map(\.user)))
            if !readers.isEmpty { Task { await self.recheck(readers, in: event, room: id) } }
        case .live(let live):
            room.live = true
            room.latest = max(room.latest, live.sequence)
            // Started from now: the room reaches back to where the relay went live.
            if room.coveredFrom == .max { room.coveredFrom = live.sequence }
            for waiter in room.waiting.values { waiter.resume() }
            room.waiting = [:]
        case nil:
            break
        }
        rooms[event] = room
    }

    /// Asks feed which of the room's readers may read no longer (membership changed while it was not
    /// told), and closes their sockets; a check that fails closes every socket, to be checked on reconnecting.
    private func recheck(_ readers: [UUID], in event: UUID, room id: UUID) async {
        do {
            let checked = try await serviceCredential().acting(
                in: CallContext(requestID: "check-chat-readers-\(event)", logger: Logger(label: "roam.gateway.chat"))
            ) {
                try await feed.call(idempotent: true) { client, options in
                    try await client.checkChatReaders(
                        .with {
                            $0.eventID = event.uuidString.lowercased(); $0.userIds = readers.map { $0.uuidString.lowercased() }
                        }, options: options)
                }
            }
            if checked.eventEnded { return close(event, room: id, with: Self.eventEnded) }
            remove(Set(checked.removedUserIds.compactMap(UUID.init(uuidString:))), in: event, room: id)
        } catch {
            close(event, room: id, with: error)
        }
    }

    private func remove(_ users: Set<UUID>, in event: UUID, room id: UUID) {
        guard var room = rooms[event], room.id == id else { return }
        for (socket, reader) in room.sockets where users.contains(reader.user) {
            reader.continuation.finish(throwing: Self.noLongerMember)
            room.sockets[socket] = nil
        }
        rooms[event] = room
        closeIfUnused(event)
    }

    private func deliver(_ line: ChatLine, in room: inout Room) {
        for (id, var socket) in room.sockets {
            if let sequence = line.sequence {
                guard sequence > socket.lastDelivered else { continue }
            }
            guard case .enqueued = socket.continuation.yield(line) else {
                socket.continuation.finish(throwing: Self.slowConsumer(lastDelivered: socket.lastDelivered))
                room.sockets[id] = nil
                continue
            }
            if let sequence = line.sequence { socket.lastDelivered = sequence }
            room.sockets[id] = socket
        }
    }

    private func close(_ event: UUID, room id: UUID, with error: any Error) {
        guard let room = rooms[event], room.id == id else { return }
        rooms[event] = nil
        for socket in room.sockets.values { socket.continuation.finish(throwing: error) }
        for waiter in room.waiting.values { waiter.resume(throwing: error) }
    }

    private func line(for frame: ChatFrame, sequence: Int64?, author: String?) -> ChatLine? {
        guard let encoded = try? encoder.encode(frame) else { return nil }
        return ChatLine(sequence: sequence, authorID: author.flatMap(UUID.init(uuidString:)), text: String(decoding: encoded, as: UTF8.self))
    }

    private static func author(of update: Roam_Feed_V1_FeedUpdate) -> String? {
        switch update.update {
        case .post(let post): post.authorID
        case .comment(let comment): comment.authorID
        case .likes, nil: nil
        }
    }

    static var eventEnded: RoamError { RoamError(.notFound, reason: "EVENT_ENDED", message: "the event ended") }

    static var noLongerMember: RoamError {
        RoamError(.permissionDenied, reason: "NO_LONGER_MEMBER", message: "you are no longer a member of this event")
    }

    static func slowConsumer(lastDelivered: Int64) -> RoamError {
        RoamError(
            .resourceExhausted(retryAfter: .zero), reason: "SLOW_CONSUMER",
            message: "the stream fell too far behind and was closed; resume after sequence \(lastDelivered)")
    }
}
