import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import RoamTesting
import Testing

/// Accounts, events and feed as real processes: the feed asks events who may post and accounts who
/// blocks whom, and an event's end or an account's deletion reaches the feed through an outbox, over
/// real HTTP/2 on real PostgreSQL.
@Suite(.serialized) struct FeedPurgeEndToEndTests {
    @Test func postsOfADeletedEventAreGoneFromTheFeed() async throws {
        let stack = try await ProcessStack.startAccounts()
        let feedPort = FreePort.next()
        let (events, eventsPort) = try await stack.startEvents(environment: [
            "EVENT_PURGE_TARGETS": "feed=127.0.0.1:\(feedPort)"
        ])
        let (feed, _) = try await stack.startFeed(eventsPort: eventsPort, port: feedPort)
        let (media, mediaPort) = try await stack.startMedia()
        let (trips, tripsPort) = try await stack.startTrips()
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists()
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: [
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)",
                "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)",
                "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
            ])

        let signUp = try await http.send(
            "POST", "/v1/auth/signup",
            json: [
                "email": "feed_host@example.com", "username": "feed_host", "password": "correct horse battery", "displayName": "Host",
            ])
        let token = try #require((try signUp.json()["tokens"] as? [String: Any])?["accessToken"] as? String)
        let eventID = try #require(
            try await http.send(
                "POST", "/v1/events",
                json: [
                    "name": "Hitta night", "center": ["latitude": 57.7, "longitude": 11.97], "radiusMeters": 200, "capacity": 50,
                    "durationSeconds": 3600,
                ], token: token
            ).json()["eventId"] as? String)

        let transport = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: feedPort), transportSecurity: .plaintext)
        try await withGRPCClient(transport: transport) { grpc in
            let client = Roam_Feed_V1_FeedService.Client(wrapping: grpc)
            let bearer: Metadata = ["authorization": "Bearer \(token)"]
            let post = try await client.createPost(
                .with {
                    $0.audience = .with { $0.eventID = eventID }
                    $0.text = "First! #hitta"
                }, metadata: bearer
            ).post
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
        await expectCleanStops(gateway, bucketLists, budget, trips, feed, events, media, stack.accounts)
    }

    @Test func blocksHideStoriesAndADeletedAccountLeavesNothingInTheFeed() async throws {
        let feedPort = FreePort.next()
        let stack = try await ProcessStack.startAccounts(environment: ["USER_PURGE_TARGETS": "feed=127.0.0.1:\(feedPort)"])
        let (events, eventsPort) = try await stack.startEvents()
        let (feed, _) = try await stack.startFeed(eventsPort: eventsPort, port: feedPort, environment: ["RELATIONS_CACHE_TTL": "1s"])
        let (media, mediaPort) = try await stack.startMedia()
        let (trips, tripsPort) = try await stack.startTrips()
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists()
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: [
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)",
                "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)",
                "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
            ])
        func signUp(_ name: String) async throws -> String {
            let reply = try await http.send(
                "POST", "/v1/auth/signup",
                json: [
                    "email": "\(name)@example.com", "username": name, "password": "correct horse battery", "displayName": name,
                ])
            return try #require((try reply.json()["tokens"] as? [String: Any])?["accessToken"] as? String)
        }
        let (author, reader) = (try await signUp("leaving_author"), try await signUp("staying_reader"))
        let story = try await http.send(
            "POST", "/v1/stories",
            json: [
                "text": "Fika by the canal #göteborg", "place": ["latitude": 57.7, "longitude": 11.97, "name": "Haga"],
            ], token: author)
        #expect(story.status == 201)
        let storyID = try #require(try story.json()["postId"] as? String)
        #expect(try await http.send("PUT", "/v1/posts/\(storyID)/like", token: reader).status == 200)
        let nearby = "/v1/stories/nearby?lat=57.7&lng=11.97&radius=500"
        func nearbyIDs(_ token: String) async -> [String] {
            let posts = (try? await http.send("GET", nearby, token: token).json()["posts"]) as? [[String: Any]] ?? []
            return posts.compactMap { $0["postId"] as? String }
        }
        #expect(await nearbyIDs(reader) == [storyID])
        // Who liked it (profiles from accounts), what the reader liked, and the author's story count.
        let likers = try await http.send("GET", "/v1/posts/\(storyID)/likes", token: author).json()["likers"] as? [[String: Any]]
        #expect(likers?.compactMap { ($0["profile"] as? [String: Any])?["username"] as? String } == ["staying_reader"])
        #expect((try await http.send("GET", "/v1/me/liked", token: reader).json()["posts"] as? [[String: Any]])?.count == 1)
        let profile = try await http.send("GET", "/v1/users/leaving_author").json()
        #expect((profile["counts"] as? [String: Any])?["stories"] as? Int == 1, "\(profile)")

        // A block, asked of accounts by the feed, hides the story within the relations cache's second.
        #expect(try await http.send("PUT", "/v1/users/leaving_author/block", token: reader).status == 204)
        #expect(await eventually { await nearbyIDs(reader).isEmpty })
        #expect(try await http.send("DELETE", "/v1/users/leaving_author/block", token: reader).status == 204)
        #expect(await eventually { await nearbyIDs(reader) == [storyID] })

        // Deleting the account reaches the feed through the accounts outbox: the story goes.
        #expect(try await http.send("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: author).status == 204)
        #expect(await eventually { (try? await http.send("GET", "/v1/posts/\(storyID)", token: reader).status) == 404 })
        #expect(await nearbyIDs(reader).isEmpty)
        await expectCleanStops(gateway, bucketLists, budget, trips, feed, events, media, stack.accounts)
    }
}
