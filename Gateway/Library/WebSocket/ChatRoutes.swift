import Foundation
import GRPCCore
import Hummingbird
import HummingbirdWebSocket
import NIOWebSocket
import RoamProto
import RoamRuntime
import ServiceLifecycle

/// An event's live chat, the WebSocket `/v1/events/{id}/chat/live` (sending and reading history are
/// generated operations: `GatewayAPI+Chat`).
struct ChatRoutes<Transport: ClientTransport>: Sendable {
    let feed: FeedCaller<Transport>
    /// Signs the media links of posts pushed as feed news.
    let links: MediaLinkMaker
    /// Where most sockets read from: one relay per event, not a stream each.
    let fanOut: ChatFanOut<Transport>
    /// Where the socket is registered, so its session ending closes it.
    let openStreams: OpenStreams

    func register(in table: RouteTable) {
        table.addWebSocket("/v1/events/{id}/chat/live") { request, context in
            // Refused before the upgrade, as plain problem documents: no token (`SignedInUserMiddleware`),
            // a bad `after`, not a member.
            _ = try Self.after(request)
            guard request.isWebSocketUpgrade else {
                throw RoamError.invalidField("Upgrade", "must be websocket: this route speaks the WebSocket protocol")
            }
            let event = try context.parameters.require("id")
            _ = try await openReader(event)
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, webSocketContext in
            let context = webSocketContext.requestContext
            let request = webSocketContext.request
            let event = try context.parameters.require("id")
            let after = try Self.after(request)
            let user = try context.requireUser()
            // The session ending (or the user opening too many streams) closes the socket with a reason.
            let (closing, close) = AsyncStream.makeStream(of: RoamError.self, bufferingPolicy: .bufferingNewest(1))
            let registration = openStreams.opened("chat", by: user) { reason in
                close.yield(reason)
                close.finish()
            }
            defer { openStreams.closed(registration) }
            let ending = await withTaskGroup(of: (WebSocketErrorCode, String)?.self) { group in
                group.addTask { await read(event: event, user: user.id, after: after, to: outbound, context: context.callContext) }
                group.addTask {
                    for await reason in closing { return Self.closing(for: reason) }
                    return nil
                }
                group.addTask {
                    // Frames are only processed while someone reads them: reading is what lets the
                    // client's pongs keep the socket alive, and its close end the relay.
                    do { for try await _ in inbound {} } catch {}
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
            if let (code, reason) = ending { try await outbound.close(code, reason: reason) }
        }
    }

    /// The `after` query parameter: the last sequence the client has.
    static func after(_ request: Request) throws(RoamError) -> Int64? {
        guard let text = FormQuery(request.uri.query)["after"] else { return nil }
        guard let value = Int64(text), value >= 0 else { throw RoamError.invalidField("after", "must be a sequence number, 0 or more") }
        return value
    }

    /// Whether the caller may read the event's chat, and whose lines to leave out for them.
    private func openReader(_ event: String) async throws -> Set<UUID> {
        do {
            let opened = try await renamingFields(as: Self.self) {
                try await feed.call(idempotent: true) { client, options in
                    try await client.openChatReader(.with { $0.eventID = event }, options: options)
                }
            }
            return Set(opened.hiddenAuthorIds.compactMap(UUID.init(uuidString:)))
        } catch let error as RPCError where error.code == .unimplemented {
            // A feed older than this gateway (a rolling upgrade): its history answers who may read, and
            // the socket reads on a stream of its own, filtered there.
            _ = try await renamingFields(as: Self.self) {
                try await feed.call(idempotent: true) { client, options in
                    try await client.listChatMessages(
                        .with {
                            $0.eventID = event; $0.page.pageSize = 1
                        }, options: options)
                }
            }
            return []
        }
    }

    /// Writes the event's lines from its room on this gateway until the socket must close, and says how;
    /// a socket resuming from further back than the room reaches reads on its own stream.
    private func read(
        event: String, user: UUID, after: Int64?, to outbound: WebSocketOutboundWriter, context: CallContext
    ) async -> (WebSocketErrorCode, String) {
        guard let eventID = UUID(uuidString: event) else { return await relay(event: event, after: after, to: outbound, context: context) }
        do {
            let joining = try await CallContext.$current.withValue(context) {
                try await cancelWhenGracefulShutdown { () -> ChatFanOut<Transport>.Joining in
                    let joining = try await fanOut.join(eventID, user: user, after: after)
                    guard case .live(let backlog, let lines) = joining else { return joining }
                    // Asked once joined, so a removal while joining still closes the socket.
                    let hidden = try await openReader(event)
                    for line in backlog where line.isShown(to: hidden) { try await outbound.write(.text(line.text)) }
                    try await outbound.write(.text(Self.liveFrame))
                    for try await line in lines where line.isShown(to: hidden) { try await outbound.write(.text(line.text)) }
                    return joining
                }
            }
            if case .uncovered = joining { return await relay(event: event, after: after, to: outbound, context: context) }
            return (.goingAway, "the gateway is stopping; reconnect with after=<last sequence>")
        } catch let error as RPCError where error.code == .unimplemented {
            // A feed older than this gateway serves no relays: a stream of the socket's own, as before.
            return await relay(event: event, after: after, to: outbound, context: context)
        } catch {
            return Self.closing(for: error)
        }
    }

    private static var liveFrame: String { #"{"type":"live"}"# }

    /// Relays the feed's stream as text frames until it ends, and says how to close the socket.
    private func relay(
        event: String, after: Int64?, to outbound: WebSocketOutboundWriter,
        context: CallContext
    ) async -> (WebSocketErrorCode, String) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = InternetDateTranscoder.jsonStrategy
        do {
            try await CallContext.$current.withValue(context) {
                // When the gateway stops, open sockets close (clients reconnect elsewhere) instead of
                // holding the shutdown up.
                try await cancelWhenGracefulShutdown {
                    try await feed.call(longLived: true) { client, options in
                        try await client.streamChat(
                            .with {
                                $0.eventID = event
                                if let after { $0.afterSequence = after }
                            }, options: options
                        ) { response in
                            for try await item in response.messages {
                                let frame =
                                    switch item.event {
                                    case .message(let message): ChatFrame(type: "message", message: .init(message))
                                    case .feedUpdate(let update): ChatFrame(update, links: links)
                                    case .live: ChatFrame(type: "live")
                                    case nil: nil as ChatFrame?
                                    }
                                guard let frame else { continue }
                                try await outbound.write(.text(String(decoding: try encoder.encode(frame), as: UTF8.self)))
                            }
                        }
                    }
                }
            }
            return (.goingAway, "the gateway is stopping; reconnect with after=<last sequence>")
        } catch {
            return Self.closing(for: error)
        }
    }

    /// The close code and reason for how the stream ended: 4000 + the HTTP status the same problem
    /// would have had (4403 no longer a member, 4404 event ended, 4429 too slow), with the reason code.
    static func closing(for error: any Error) -> (WebSocketErrorCode, String) {
        if error is CancellationError { return (.goingAway, "the gateway is stopping; reconnect with after=<last sequence>") }
        let roamError = (error as? RPCError).map(RoamError.init) ?? (error as? RoamError) ?? .unavailable
        let problem = Problem(roamError)
        // A close reason may hold at most 123 bytes.
        var reason = "\(roamError.reason): \(roamError.message)"
        while reason.utf8.count > 123 { reason.removeLast() }
        return (.unknown(UInt16(4000 + problem.status)), reason)
    }
}

/// Feed names the socket's `{id}` and `after` as a chat listing's `event_id` and `after_sequence`.
extension ChatRoutes: ServiceFieldNames {
    static var serviceFieldNames: [String: String] { ["event_id": "id", "after_sequence": "after"] }
}
