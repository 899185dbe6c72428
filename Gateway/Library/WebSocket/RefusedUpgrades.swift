import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// The problem documents for WebSocket upgrades the gateway refused, kept per connection until
/// `RefusedUpgradeResponder` sends one in place of hummingbird-websocket's bare `400`.
///
/// hummingbird-websocket answers every refused upgrade with an empty `400 Bad Request` and offers no
/// way to change it, while clients need the real status (401, 403, 404) and reason.
public final class RefusedUpgrades: Sendable {
    struct Refusal: Sendable {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: ByteBuffer
    }

    private let refusals = Mutex<[ObjectIdentifier: Refusal]>([:])

    public init() {}

    /// Keeps `response`'s problem for the connection, until it is taken or the connection closes.
    func record(status: HTTPResponse.Status, headers: HTTPFields, body: ByteBuffer, on channel: any Channel) {
        let key = ObjectIdentifier(channel)
        refusals.withLock { $0[key] = Refusal(status: status, headers: headers, body: body) }
        channel.closeFuture.whenComplete { [self] _ in
            _ = refusals.withLock { $0.removeValue(forKey: key) }
        }
    }

    func take(for channel: any Channel) -> Refusal? {
        refusals.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }
}

extension Request {
    /// Asks to switch to the WebSocket protocol.
    var isWebSocketUpgrade: Bool {
        headers[.upgrade]?.lowercased() == "websocket"
    }
}
