import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import RoamTesting
import Testing

/// Events and feed as real processes: the feed asks events who may post, and an event's end reaches
/// the feed through the events outbox, over real HTTP/2 on real PostgreSQL.
@Suite(.serialized) struct FeedPurgeEndToEndTests {
    @Test func postsOfADeletedEventAreGoneFromTheFeed() async throws {
        let stack = try await ProcessStack.startAccounts()
        let feedPort = FreePort.next()
        let (events, eventsPort) = try await stack.startEvents(environment: [
            "EVENT_PURGE_TARGETS": "feed=127.0.0.1:\(feedPort)",
        ])
        let (feed, _) = try await stack.startFeed(eventsPort: eventsPort, port: feedPort)
        let (gateway, http) = try await stack.startGateway(environment: ["EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)",
                                                                         "FEED_ADDRESS": "127.0.0.1:\(feedPort)"])

        let signUp = try await http.send("POST", "/v1/auth/signup", json: [
            "email": "feed_host@example.com", "username": "feed_host", "password": "correct horse battery", "displayName": "Host",
        ])
        let token = try #require((try signUp.json()["tokens"] as? [String: Any])?["accessToken"] as? String)
        let eventID = try #require(try await http.send("POST", "/v1/events", json: [
            "name": "Hitta night", "center": ["latitude": 57.7, "longitude": 11.97], "radiusMeters": 200, "capacity": 50,
            "durationSeconds": 3600,
        ], token: token).json()["eventId"] as? String)

        let transport = try HTTP2ClientTransport.Posix(target: .ipv4(host: "127.0.0.1", port: feedPort), transportSecurity: .plaintext)
        try await withGRPCClient(transport: transport) { grpc in
            let client = Roam_Feed_V1_FeedService.Client(wrapping: grpc)
            let bearer: Metadata = ["authorization": "Bearer \(token)"]
            let post = try await client.createPost(.with {
                $0.audience = .with { $0.eventID = eventID }
                $0.text = "First! #hitta"
            }, metadata: bearer).post
            #expect(try await client.listEventPosts(.with { $0.eventID = eventID }, metadata: bearer).posts.map(\.postID) == [post.postID])

            #expect(try await http.send("DELETE", "/v1/events/\(eventID)", token: token).status == 204)
            // The outbox delivers within a round or two of its worker.
            var gone = false
            for _ in 0..<50 where !gone {
                do {
                    _ = try await client.getPost(.with { $0.postID = post.postID }, metadata: bearer)
                    try await Task.sleep(for: .milliseconds(200))
                } catch let error as RPCError where error.code == .notFound {
                    gone = true
                }
            }
            #expect(gone, "the feed still has a post of the deleted event")
        }

        #expect(await gateway.stop() == 0, "\(gateway.output)")
        #expect(await feed.stop() == 0, "\(feed.output)")
        #expect(await events.stop() == 0, "\(events.output)")
        #expect(await stack.accounts.stop() == 0, "\(stack.accounts.output)")
    }
}
