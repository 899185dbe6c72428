import Foundation
import GRPCCore
import HTTPTypes
import Hummingbird
import RoamAPI
import RoamProto
import RoamRuntime
import ServiceLifecycle

/// `GET /v1/me/notifications/stream`: the caller's notifications as Server-Sent Events, merged from
/// the streams events, trips and budget serve, and the inbox's for what only it has (new followers,
/// comments, replies, likes). `connected` goes out once every part is listening (or down); a
/// part that fails or ends sends an `error` event naming it while the others go on, and is followed
/// again after a pause, asked for what it missed meanwhile. Reminders and budget alerts carry an SSE `id`
/// (where each replaying part had got to, `StreamPositions`), so a client that reconnects with
/// `Last-Event-ID` is sent those it missed, none twice. A comment line every `heartbeat` keeps proxies from closing an idle stream and tells the
/// gateway when the client has gone, which ends the upstream streams.
struct NotificationStreamRoute<Transport: ClientTransport>: Sendable {
    let events: EventsCaller<Transport>
    let trips: TripsCaller<Transport>
    let budget: BudgetCaller<Transport>
    let notifications: NotificationsCaller<Transport>
    let heartbeat: Duration
    let openStreams: OpenStreams

    /// One upstream's stream, from what was sent after a position where it can (trips' reminders,
    /// budget's alerts): `listening` once it is connected, then `deliver` for each notification the
    /// document knows (a kind from a newer service is left out).
    struct Part: Sendable {
        let name: String
        /// Whether it sends again what was missed after a position (events' notifications are live only).
        var replays = true
        let relay:
            @Sendable (
                _ after: StreamPositions.Position?, _ listening: @escaping @Sendable () -> Void,
                _ deliver: @escaping @Sendable (Components.Schemas.Notification) -> Void
            ) async throws -> Void
    }

    var parts: [Part] {
        [
            Part(name: "events", replays: false) { _, listening, deliver in
                try await events.call(longLived: true) { client, options in
                    try await client.streamNotifications(.init(), options: options) { response in
                        try await Self.forward(
                            response.messages, isConnected: { $0.kind == .connected }, as: Components.Schemas.Notification.init,
                            listening: listening, deliver: deliver)
                    }
                }
            },
            Part(name: "trips") { after, listening, deliver in
                try await trips.call(longLived: true) { client, options in
                    try await client.streamNotifications(
                        .with {
                            if let after {
                                $0.after = .init(date: after.instant)
                                $0.afterSubjectID = after.key ?? ""
                            }
                        }, options: options
                    ) { response in
                        try await Self.forward(
                            response.messages, isConnected: { $0.kind == .connected }, as: Components.Schemas.Notification.init,
                            listening: listening, deliver: deliver)
                    }
                }
            },
            Part(name: "budget") { after, listening, deliver in
                try await budget.call(longLived: true) { client, options in
                    try await client.streamNotifications(
                        .with {
                            if let after {
                                $0.after = .init(date: after.instant)
                                $0.afterAlertID = after.key ?? ""
                            }
                        }, options: options
                    ) { response in
                        try await Self.forward(
                            response.messages, isConnected: { $0.kind == .connected }, as: Components.Schemas.Notification.init,
                            listening: listening, deliver: deliver)
                    }
                }
            },
            Part(name: "inbox") { after, listening, deliver in
                try await notifications.call(longLived: true) { client, options in
                    try await client.streamInbox(
                        .with {
                            $0.kinds = Components.Schemas.Notification.inboxKinds
                            if let after {
                                $0.after = .init(date: after.instant)
                                $0.afterID = after.key ?? ""
                            }
                        }, options: options
                    ) { response in
                        try await Self.forward(
                            response.messages, isConnected: \.connected, as: { Components.Schemas.Notification(inbox: $0.notification) },
                            listening: listening, deliver: deliver)
                    }
                }
            },
        ]
    }

    /// Hands on what an upstream stream says: its `connected` as `listening`, the rest as notifications.
    static func forward<Messages: AsyncSequence>(
        _ messages: Messages, isConnected: (Messages.Element) -> Bool,
        as notification: (Messages.Element) -> Components.Schemas.Notification?,
        listening: () -> Void, deliver: (Components.Schemas.Notification) -> Void
    ) async throws {
        for try await message in messages {
            if isConnected(message) { listening() } else if let known = notification(message) { deliver(known) }
        }
    }

    func register(in table: RouteTable) {
        table.add(.get, "/v1/me/notifications/stream") { request, context in
            // The body is written after this handler returns, outside the request's task-local
            // context, so the relay carries it along itself.
            let callContext = context.callContext
            let user = try context.requireUser()
            let (stream, output) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(256))
            let parts = self.parts
            // A new stream starts now: a part that connects late is still sent what went out meanwhile.
            let positions = StreamPositions(
                parts: parts.filter(\.replays).map(\.name), lastEventID: request.headers[HTTPField.Name("Last-Event-ID")!], opened: Date())
            let ready = ReadyParts(count: parts.count) {
                output.yield(Self.event(.connected(at: Date())))
            }
            // The task inherits the server's graceful-shutdown context: when the gateway stops, open
            // streams end (clients reconnect elsewhere) instead of holding the shutdown up forever.
            let relay = Task {
                await CallContext.$current.withValue(callContext) {
                    await withTaskGroup(of: Void.self) { group in
                        for (index, part) in parts.enumerated() {
                            group.addTask { await Self.follow(part, index: index, positions: positions, ready: ready, output: output) }
                        }
                    }
                    output.finish()
                }
            }
            let heartbeat = self.heartbeat
            let keepAlive = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: heartbeat)
                    output.yield(ByteBuffer(string: ": keep-alive\n\n"))
                }
            }
            // Its session ending, or the user opening too many, closes it with a `closed` event saying why.
            let openStreams = self.openStreams
            let registration = openStreams.opened("notifications", by: user) { reason in
                output.yield(Self.closedEvent(reason))
                output.finish()
            }
            output.onTermination = { _ in
                relay.cancel()
                keepAlive.cancel()
                openStreams.closed(registration)
            }
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-cache"
            headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
            return Response(status: .ok, headers: headers, body: ResponseBody(asyncSequence: stream))
        }
    }

    /// Relays one part for as long as the client stays: when it fails or ends (its service restarted,
    /// a replica went away) the client hears of it in an `error` event and the part is followed again
    /// after a pause growing from 1 s to 30 s, so an open stream does not go deaf to that service.
    static func follow(_ part: Part, index: Int, positions: StreamPositions, ready: ReadyParts, output: AsyncStream<ByteBuffer>.Continuation) async {
        var pause = Duration.seconds(1)
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let listening = ListeningFlag()
            do {
                try await cancelWhenGracefulShutdown {
                    try await part.relay(
                        positions.position(of: part.name),
                        {
                            listening.set()
                            ready.arrive(index)
                        }
                    ) { notification in
                        let id = notification.replayKey.map { positions.passed(part.name, at: notification.at, key: $0) }
                        output.yield(Self.event(notification, id: id))
                    }
                }
                guard !Task.isCancelled && !Task.isShuttingDownGracefully else { return }
                output.yield(
                    Self.errorEvent(
                        RoamError(.unavailable, reason: "UNAVAILABLE", message: "the stream ended; following it again"),
                        part: part.name))
            } catch  where !Task.isCancelled && !Task.isShuttingDownGracefully {
                output.yield(Self.errorEvent(error, part: part.name))
            } catch {
                return
            }
            // A part that is down no longer holds `connected` back.
            ready.arrive(index)
            if listening.isSet { pause = .seconds(1) }
            // The gateway stopping ends the pause too.
            let wait = pause
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) }
            pause = min(pause * 2, .seconds(30))
        }
    }

    /// `event: <kind>` and the notification as JSON; a reminder or alert also has its `id`, for `Last-Event-ID`.
    static func event(_ notification: Components.Schemas.Notification, id: String? = nil) -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = InternetDateTranscoder.jsonStrategy
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(notification)) ?? Data("{}".utf8)
        let id = id.map { "id: \($0)\n" } ?? ""
        return ByteBuffer(string: "\(id)event: \(notification.kind)\ndata: \(String(decoding: data, as: UTF8.self))\n\n")
    }

    /// The whole stream ends: a `closed` event with the problem document (`SESSION_REVOKED`,
    /// `ACCOUNT_DELETED`, `TOO_MANY_STREAMS`). The client should not reconnect with the same token.
    static func closedEvent(_ error: RoamError) -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(Problem(error))) ?? Data("{}".utf8)
        return ByteBuffer(string: "event: closed\ndata: \(String(decoding: data, as: UTF8.self))\n\n")
    }

    /// A part of the stream could not go on: an `error` event with the problem document, its detail
    /// naming the part.
    static func errorEvent(_ error: any Error, part: String) -> ByteBuffer {
        let roamError = (error as? RPCError).map(RoamError.init) ?? (error as? RoamError) ?? .unavailable
        var problem = Problem(roamError)
        problem.detail = "\(part) notifications: \(problem.detail)"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(problem)) ?? Data("{}".utf8)
        return ByteBuffer(string: "event: error\ndata: \(String(decoding: data, as: UTF8.self))\n\n")
    }
}
