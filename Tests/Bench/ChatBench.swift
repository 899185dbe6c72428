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

        let messages = 200
        // The event may have messages already (the bench's earlier chat figure).
        let base =
            try await sender.listChatMessages(
                .with {
                    $0.eventID = event; $0.page.pageSize = 1
                }, metadata: FeedBench.bearer(members[0].token)
            ).messages.first?.sequence ?? 0
        let started = ContinuousClock.now
        for index in 0..<messages {
            // The send time is noted before the call, so a delivery never arrives before its start.
            let guess = base + Int64(index + 1)
            tally.sent.withLock { $0[guess] = ContinuousClock.now }
            let message = try await sender.sendChatMessage(
                .with {
                    $0.eventID = event; $0.text = "line \(index)"
                },
                metadata: FeedBench.bearer(members[index % members.count].token)
            ).message
            if message.sequence != guess { say("chat: unexpected sequence \(message.sequence) for message \(guess)") }
        }
        let expected = messages * live
        let deadline = ContinuousClock.now + .seconds(60)
        while tally.received.withLock({ $0.count }) < expected, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let elapsed = (ContinuousClock.now - started).seconds
        let latencies = tally.received.withLock { $0 }.sorted()
        sockets.cancel()
        guard !latencies.isEmpty else {
            say("chat: nothing delivered")
            return FeedBench.Chat(
                kilobytesPerSubscriber: perSubscriber, deliveriesPerSecond: 0, delivered: 0, expected: expected, p50: .zero, p99: .zero)
        }
        let result = FeedBench.Chat(
            kilobytesPerSubscriber: perSubscriber, deliveriesPerSecond: Double(latencies.count) / elapsed, delivered: latencies.count,
            expected: expected, p50: latencies[latencies.count / 2], p99: latencies[latencies.count * 99 / 100])
        say(
            String(
                format: "chat over WebSockets: %d messages to %d sockets: %d of %d delivered, %.0f deliveries/s, latency p50 %@ p99 %@",
                messages, live, result.delivered, expected, result.deliveriesPerSecond, Bench.milliseconds(result.p50),
                Bench.milliseconds(result.p99)))
        return result
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
