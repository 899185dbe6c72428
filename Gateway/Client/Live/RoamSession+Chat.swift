import Foundation
import RoamAPI

extension RoamSession {
    /// An event's chat as it happens (a WebSocket), for an active member: the messages after `after`
    /// (the last sequence the app has; 0 for every one), `live`, then each new message and the feed's news. It connects again after
    /// any break (the gateway or a feed replica restarting, the network lost, falling behind) from the
    /// last message it delivered, so none is lost or repeated. It ends by throwing when the chat is over
    /// for this user: a `RoamProblem` whose `reason` is EVENT_ENDED, NO_LONGER_MEMBER,
    /// TOO_MANY_STREAMS or a refusal's (a 403 for a non-member), or `RoamClientError.signedOut`. Stop
    /// listening to close it.
    public nonisolated func chat(eventID: String, after: Int = 0) -> AsyncThrowingStream<LiveChat, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: LiveChat.self)
        let reader = Task {
            do {
                try await readChat(eventID: eventID, after: after, into: continuation)
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in reader.cancel() }
        return stream
    }

    private func readChat(eventID: String, after first: Int, into continuation: AsyncThrowingStream<LiveChat, any Error>.Continuation) async throws {
        var after = first
        var failures = 0
        // One refresh per refusal: a token refused again right after is not refreshed in a loop.
        var renewed = false
        while !Task.isCancelled {
            guard let token = try await accessToken() else { throw RoamClientError.signedOut(reason: "SIGNED_OUT") }
            var path = gateway.appendingPathComponent("v1/events/\(eventID)/chat/live")
            path = URL(string: "\(path.absoluteString)?after=\(after)") ?? path
            let wait: Duration?
            do {
                switch try await WebSocketConnection.open(path, headers: [("Authorization", "Bearer \(token)")]) {
                case .refused(let status, let body):
                    let problem = RoamProblem(operationID: "liveChat", status: status, body: body, retryAfter: nil)
                    if status == 401, !renewed, let fresh = try await self.token(afterRefusalOf: token), fresh != token {
                        renewed = true
                        continue
                    }
                    guard problem.isTransient else { throw problem }
                    wait = problem.retryAfter
                case .open(let events):
                    for try await event in events {
                        switch event {
                        case .text(let text):
                            guard let item = Self.chatItem(text) else { continue }
                            if case .live = item { (failures, renewed) = (0, false) }
                            if case .message(let message) = item {
                                // Sent again after a reconnection only if the server did; never delivered twice.
                                guard message.sequence > after else { continue }
                                after = message.sequence
                            }
                            continuation.yield(item)
                        case .closed(let code, let reason):
                            try Self.endIfFinal(code: code, reason: reason)
                        }
                    }
                    wait = nil
                }
            } catch let error where error.roamProblem != nil || error.roamClientError != nil || error is CancellationError {
                throw error
            } catch {
                wait = nil  // the connection could not be made or broke: try again
            }
            failures += 1
            try await Task.sleep(for: wait ?? RetryPolicy.reconnecting.delay(afterFailures: failures))
        }
    }

    /// Throws when a close ends the chat for this user; returns when connecting again is right (the
    /// gateway or a replica stopping, falling behind, the connection lost, the session to be renewed).
    private static func endIfFinal(code: Int, reason: String) throws {
        // The reason starts with its code: "EVENT_ENDED: the event ended".
        let name = String(reason.prefix { $0.isUppercase || $0 == "_" })
        switch code {
        // 1000 too: a gateway stopping closes with it (swift-websocket's own shutdown close can come first).
        case 1000, 1001, 1006, 1011, 1012, 4401, 4503: return
        case 4429 where name == "SLOW_CONSUMER": return
        default: throw RoamProblem(operationID: "liveChat", status: code, reason: name.isEmpty ? "CLOSED_\(code)" : name, detail: reason)
        }
    }

    /// One frame of the chat, or nil for one this client cannot read (a kind or a member from a newer
    /// gateway): skipped, since connecting again would only meet it again.
    private static func chatItem(_ text: String) -> LiveChat? {
        guard let frame = try? RoamJSON.decode(ChatFrame.self, from: Data(text.utf8)) else { return nil }
        switch frame.type {
        case "live": return .live
        case "message": return frame.message.map { .message($0) }
        case "post": return frame.post.map { .post($0) }
        case "comment": return frame.comment.map { .comment($0) }
        case "likes": return frame.subject.map { .likes(subject: $0, likeCount: frame.likeCount ?? 0) }
        default: return nil
        }
    }
}

/// A chat frame as the gateway sends it: a `type`, and the member that type names.
private struct ChatFrame: Decodable {
    let type: String
    let message: Components.Schemas.ChatMessage?
    let post: Components.Schemas.Post?
    let comment: Components.Schemas.Comment?
    let subject: String?
    let likeCount: Int?
}
