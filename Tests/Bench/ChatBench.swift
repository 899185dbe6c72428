import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import RoamLocal
import RoamTesting
import Synchronization

/// Live chat as apps read it: every member on a WebSocket to the gateway (`/v1/events/{id}/chat/live`),
/// messages sent through feed one after another, the time from sending each to each socket receiving
/// it, and what an idle socket costs the gateway and feed together.
enum ChatBench {
    static func run(
        event: String, members: [(id: UUID, token: String)], sender: FeedBench.Feed, gatewayPort: Int,
        gateway: LaunchedProcess, feed: LaunchedProcess
    ) async throws -> FeedBench.Chat {
        let idle = (gateway: gateway.residentKilobytes, feed: feed.residentKilobytes)
        let tally = ChatTally()
        let sockets = Task {
            try await withThrowingDiscardingTaskGroup { group in
                for (index, member) in members.enumerated() {
                    // Connections opened a few at a time, as apps coming back online would.
                    if index % 64 == 63 { try await Task.sleep(for: .milliseconds(20)) }
                    group.addTask {
                        do {
                            try await read(event: event, token: member.token, port: gatewayPort, tally: tally)
                        } catch is CancellationError {
                        } catch {
                            let first = tally.failed.withLock { count in
                                defer { count += 1 }
                                return count == 0
                            }
                            if first { say("chat over WebSockets: a socket failed: \(error)") }
                        }
                    }
                }
            }
        }
        let opened = ContinuousClock.now
        while tally.live.withLock({ $0 }) < members.count, ContinuousClock.now - opened < .seconds(120) {
            try await Task.sleep(for: .milliseconds(50))
        }
        try await Task.sleep(for: .seconds(1))
        let subscribed = (gateway: gateway.residentKilobytes, feed: feed.residentKilobytes)
        let live = tally.live.withLock { $0 }
        let perSubscriber = Double(subscribed.gateway + subscribed.feed - idle.gateway - idle.feed) / Double(max(live, 1))
        say(
            String(
                format: "chat over WebSockets: %d of %d sockets live; gateway %d → %d MB, feed %d → %d MB: %.1f KB per idle socket", live,
                members.count, idle.gateway / 1024, subscribed.gateway / 1024, idle.feed / 1024, subscribed.feed / 1024, perSubscriber))

        let result = try await FeedBench.deliveries(in: event, sender: sender, members: members, readers: live, tally: tally)
        sockets.cancel()
        say("chat over WebSockets: \(result.summary) to \(live) sockets")
        return FeedBench.Chat(
            kilobytesPerSubscriber: perSubscriber, deliveriesPerSecond: result.deliveriesPerSecond, delivered: result.delivered,
            expected: result.expected, p50: result.p50, p99: result.p99)
    }

    /// One member's socket, read until the bench ends: the live marker counted, each message's delay noted.
    private static func read(event: String, token: String, port: Int, tally: ChatTally) async throws {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        _ = try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(port)/v1/events/\(event)/chat/live", configuration: .init(additionalHeaders: headers),
            logger: Logger(label: "roam-bench")
        ) { inbound, _, _ in
            for try await frame in inbound.messages(maxSize: 1 << 16) {
                let now = ContinuousClock.now
                guard case .text(let text) = frame else { continue }
                if text.contains(#""type":"live""#) {
                    tally.live.withLock { $0 += 1 }
                } else if let sequence = sequence(in: text), let start = tally.sent.withLock({ $0[sequence] }) {
                    tally.received.withLock { $0.append(now - start) }
                }
            }
        }
    }

    /// A message frame's `"sequence":N`, found without parsing the whole frame (the bench shares the cores).
    static func sequence(in frame: String) -> Int64? {
        guard frame.contains(#""type":"message""#), let range = frame.range(of: #""sequence":"#) else { return nil }
        return Int64(frame[range.upperBound...].prefix { $0.isNumber })
    }
}
