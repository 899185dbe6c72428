import Foundation
import GRPCCore
import HTTPTypes
import Hummingbird
import RoamProto
import RoamRuntime
import ServiceLifecycle

/// `GET /v1/me/notifications/stream`: the caller's event notifications as Server-Sent Events, relayed
/// from the events service's stream. A comment line every `heartbeat` keeps proxies from closing an
/// idle stream and tells the gateway when the client has gone, which ends the upstream stream.
struct NotificationStreamRoute<Transport: ClientTransport>: Sendable {
    let events: EventsCaller<Transport>
    let heartbeat: Duration

    func register(in table: RouteTable) {
        table.add(.get, "/v1/me/notifications/stream") { _, context in
            // The body is written after this handler returns, outside the request's task-local
            // context, so the relay carries it along itself.
            let callContext = context.callContext
            let (stream, output) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(256))
            // The task inherits the server's graceful-shutdown context: when the gateway stops, open
            // streams end (clients reconnect elsewhere) instead of holding the shutdown up forever.
            let relay = Task {
                await RequestContext.$current.withValue(callContext) {
                    do {
                        try await cancelWhenGracefulShutdown {
                            try await events.call(longLived: true) { client, options in
                                try await client.streamNotifications(.init(), options: options) { response in
                                    for try await notification in response.messages {
                                        guard let notification = Components.Schemas.Notification(notification) else { continue }
                                        output.yield(Self.event(notification))
                                    }
                                }
                            }
                        }
                    } catch where !Task.isCancelled {
                        output.yield(Self.errorEvent(error))
                    } catch {}
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
            output.onTermination = { _ in
                relay.cancel()
                keepAlive.cancel()
            }
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-cache"
            headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
            return Response(status: .ok, headers: headers, body: ResponseBody(asyncSequence: stream))
        }
    }

    /// `event: <kind>` and the notification as JSON.
    static func event(_ notification: Components.Schemas.Notification) -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(notification)) ?? Data("{}".utf8)
        return ByteBuffer(string: "event: \(notification.kind.rawValue)\ndata: \(String(decoding: data, as: UTF8.self))\n\n")
    }

    /// The stream could not go on: an `error` event with the problem document, then the end.
    static func errorEvent(_ error: any Error) -> ByteBuffer {
        let roamError = (error as? RPCError).map(RoamError.init) ?? (error as? RoamError) ?? .unavailable
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(Problem(roamError))) ?? Data("{}".utf8)
        return ByteBuffer(string: "event: error\ndata: \(String(decoding: data, as: UTF8.self))\n\n")
    }
}
