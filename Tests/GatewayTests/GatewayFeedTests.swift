import Foundation
import GRPCCore
import RoamCore
import RoamRuntime
import RoamTesting
import Synchronization
import Testing

@testable import Events
@testable import Feed
@testable import Gateway

/// Membership answered by the events domain in the same process, as `CheckMembership` would.
struct InProcessMembership: EventMembership {
    let events: EventService

    func status(of user: UUID, in event: UUID) async throws -> MembershipStatus {
        do {
            let (active, role) = try await events.membership(of: user, in: event)
            return MembershipStatus(active: active, isHost: active && role == .host)
        } catch let error as RoamError where error.kind == .notFound {
            return .none
        }
    }
}

/// Posts in events through the real gateway, in front of the real events and feed services.
@Suite struct GatewayFeedTests {
    let here = GeoPoint(latitude: Double.random(in: -60...60), longitude: Double.random(in: -170...170))

    /// Runs `body` against a gateway in front of real events and feed services, with one event whose
    /// host and member (and an outsider) are ready.
    func withEvening(
        settings extra: [String: String] = [:], moderation: ReportsOnlyModeration = ReportsOnlyModeration(),
        graph: any SocialGraph = NoSocialGraph(), feedService: @Sendable (FeedService) -> Void = { _ in }, olderFeed: Bool = false,
        _ body:
            @Sendable (
                HTTPTestClient, _ eventID: String, _ host: String, _ member: String, _ outsider: String,
                _ memberID: String
            ) async throws -> Void
    )
        async throws
    {
        let tokens = await TestTokens()
        let hub = NotificationHub()
        let events = EventService(events: InMemoryEventStore(), hasher: GatewayHarness.fastHasher, policy: EventPolicy(), notifications: hub)
        let feed = FeedService(store: InMemoryFeedStore(), membership: InProcessMembership(events: events), graph: graph)
        feedService(feed)
        // Departures reach the feed's chat as EventsDepartureWatcher would bring them over gRPC.
        let departures = hub.watchDepartures()
        let watcher = Task {
            for await departure in departures {
                if let user = departure.userID {
                    await feed.chat.revoke(user, from: departure.eventID)
                } else {
                    await feed.chat.end(departure.eventID)
                }
            }
        }
        defer { watcher.cancel() }
        try await GatewayHarness.run(
            [], events: [EventsGRPCService(events: events, notifications: hub)],
            feed: [olderFeed ? FeedWithoutRelays(feed: FeedGRPCService(feed: feed)) : FeedGRPCService(feed: feed)],
            moderation: [moderation], anonymousMethods: [], verifier: try await tokens.verifier(),
            settings: try GatewayHarness.settings(
                ["RATE_LIMIT_PER_USER": "1000", "RATE_LIMIT_PER_USER_BURST": "1000"]
                    .merging(extra) { $1 })
        ) { http in
            let memberID = UUID()
            let (host, member, outsider) = (
                try await tokens.userToken(UUID()), try await tokens.userToken(memberID),
                try await tokens.userToken(UUID())
            )
            let eventID = try #require(
                try await http.send(
                    "POST", "/v1/events",
                    json: [
                        "name": "Hitta night", "center": ["latitude": here.latitude, "longitude": here.longitude], "radiusMeters": 100,
                        "capacity": 10, "durationSeconds": 3600,
                    ], token: host
                ).json()["eventId"] as? String)
            _ = try await http.send(
                "POST", "/v1/events/\(eventID)/join",
                json: ["latitude": here.latitude, "longitude": here.longitude, "accuracyMeters": 5], token: member)
            try await body(http, eventID, host, member, outsider, memberID.lowercasedString)
        }
    }

    @Test func membersPostEditAndTheHostDeletes() async throws {
        try await withEvening { http, eventID, host, member, outsider, _ in

            let created = try await http.send(
                "POST", "/v1/events/\(eventID)/posts", json: ["text": "Dancing! #Hitta #night"],
                token: member, headers: ["Idempotency-Key": "dance-1"])
            #expect(created.status == 201)
            #expect(try created.json()["tags"] as? [String] == ["hitta", "night"])
            #expect(try created.json()["eventId"] as? String == eventID)
            let postID = try #require(try created.json()["postId"] as? String)
            let retried = try await http.send(
                "POST", "/v1/events/\(eventID)/posts", json: ["text": "Dancing! #Hitta #night"],
                token: member, headers: ["Idempotency-Key": "dance-1"])
            #expect(try retried.json()["postId"] as? String == postID)

            let intruder = try await http.send("POST", "/v1/events/\(eventID)/posts", json: ["text": "Let me in"], token: outsider)
            #expect(intruder.status == 403)
            #expect(try await http.send("GET", "/v1/events/\(eventID)/posts", token: outsider).status == 403)
            #expect(try await http.send("GET", "/v1/posts/\(postID)", token: outsider).status == 404)
            let listed = try await http.send("GET", "/v1/events/\(eventID)/posts", token: host)
            #expect((try listed.json()["posts"] as? [[String: Any]])?.map { $0["postId"] as? String } == [postID])

            let tooLong = try await http.send(
                "POST", "/v1/events/\(eventID)/posts",
                json: ["text": String(repeating: "a", count: 5001)], token: member)
            #expect(tooLong.status == 400 && tooLong.problemFields == ["text"])
            let badMedia = try await http.send("POST", "/v1/events/\(eventID)/posts", json: ["mediaIds": ["nope"]], token: member)
            #expect(badMedia.status == 400 && badMedia.problemFields == ["mediaIds[0]"])

            let edited = try await http.send("PATCH", "/v1/posts/\(postID)", json: ["text": "Still dancing #late"], token: member)
            #expect(edited.status == 200)
            #expect(try edited.json()["tags"] as? [String] == ["late"])
            #expect(try edited.json()["editedAt"] != nil)
            #expect(try await http.send("PATCH", "/v1/posts/\(postID)", json: ["text": "Mine now"], token: host).status == 403)
            #expect(try await http.send("DELETE", "/v1/posts/\(postID)", token: outsider).status == 404)
            #expect(try await http.send("DELETE", "/v1/posts/\(postID)", token: host).status == 204)
            #expect(try await http.send("DELETE", "/v1/posts/\(postID)", token: host).status == 404)
            #expect(try await http.send("GET", "/v1/posts/\(postID)", token: member).status == 404)
        }
    }

    @Test func membersCommentReplyAndLikeWithExactCounts() async throws {
        let moderation = ReportsOnlyModeration()
        try await withEvening(moderation: moderation) { http, eventID, host, member, outsider, memberID in
            let postID = try #require(
                try await http.send("POST", "/v1/events/\(eventID)/posts", json: ["text": "Who's here?"], token: host)
                    .json()["postId"] as? String)
            let created = try await http.send(
                "POST", "/v1/posts/\(postID)/comments", json: ["text": "Me!"], token: member,
                headers: ["Idempotency-Key": "me-1"])
            #expect(created.status == 201)
            let commentID = try #require(try created.json()["commentId"] as? String)
            #expect(try created.json()["subject"] as? String == "post/\(postID)")
            let retried = try await http.send(
                "POST", "/v1/posts/\(postID)/comments", json: ["text": "Me!"], token: member,
                headers: ["Idempotency-Key": "me-1"])
            #expect(try retried.json()["commentId"] as? String == commentID)
            let reply = try await http.send("POST", "/v1/comments/\(commentID)/replies", json: ["text": "Welcome"], token: host)
            #expect(reply.status == 201)
            #expect(try reply.json()["parentId"] as? String == commentID)
            let replyID = try #require(try reply.json()["commentId"] as? String)

            let liked = try await http.send("PUT", "/v1/posts/\(postID)/like", token: member)
            #expect(liked.status == 200)
            #expect(try liked.json()["likeCount"] as? Int == 1 && liked.json()["likedByMe"] as? Bool == true)
            #expect(try await http.send("PUT", "/v1/posts/\(postID)/like", token: member).json()["likeCount"] as? Int == 1)
            #expect(try await http.send("PUT", "/v1/comments/\(replyID)/like", token: member).json()["likeCount"] as? Int == 1)
            let post = try await http.send("GET", "/v1/posts/\(postID)", token: host).json()
            #expect(post["likeCount"] as? Int == 1 && post["commentCount"] as? Int == 2 && post["likedByMe"] as? Bool == false)

            let thread = try await http.send("GET", "/v1/posts/\(postID)/comments", token: host)
            let comments = try #require(try thread.json()["comments"] as? [[String: Any]])
            #expect(comments.map { $0["commentId"] as? String } == [commentID, replyID])
            #expect(comments.map { $0["likeCount"] as? Int } == [0, 1])

            #expect(try await http.send("GET", "/v1/posts/\(postID)/comments", token: outsider).status == 404)
            #expect(try await http.send("PUT", "/v1/posts/\(postID)/like", token: outsider).status == 404)
            let empty = try await http.send("POST", "/v1/posts/\(postID)/comments", json: ["text": ""], token: member)
            #expect(empty.status == 400 && empty.problemFields == ["text"])
            #expect(try await http.send("POST", "/v1/posts/nope/comments", json: ["text": "hi"], token: member).problemFields == ["id"])
            #expect(try await http.send("PATCH", "/v1/comments/\(commentID)", json: ["text": "Mine?"], token: host).status == 403)
            let edited = try await http.send("PATCH", "/v1/comments/\(commentID)", json: ["text": "Me! (edited)"], token: member)
            #expect(try edited.json()["editedAt"] != nil)

            // Reports reach the host; the author cannot report their own comment.
            let reported = try await http.send(
                "POST", "/v1/comments/\(replyID)/reports", json: ["reason": "harassment", "text": "mean"],
                token: member)
            #expect(reported.status == 201)
            #expect(try await http.send("POST", "/v1/comments/\(replyID)/reports", json: ["reason": "spam"], token: member).status == 409)
            #expect(try await http.send("POST", "/v1/posts/\(postID)/reports", json: ["reason": "boring"], token: member).problemFields == ["reason"])
            #expect(try await http.send("POST", "/v1/posts/\(postID)/reports", json: ["reason": "spam"], token: host).problemFields == ["id"])
            // The platform's moderators get it too (once; refused reports never reach them).
            #expect(
                moderation.filed == [.init(reporter: memberID, kind: "comment", id: replyID, reason: "harassment", text: "mean")],
                "\(moderation.filed)")
            let reports = try await http.send("GET", "/v1/events/\(eventID)/content-reports", token: host)
            #expect((try reports.json()["reports"] as? [[String: Any]])?.map { $0["subject"] as? String } == ["comment/\(replyID)"])
            #expect(try await http.send("GET", "/v1/events/\(eventID)/content-reports", token: member).status == 403)
            // Moderation down: 503, and the retry (which the feed already has) files it with moderation then.
            moderation.failure.withLock { $0 = RPCError(code: .unavailable, message: "moderation is restarting") }
            let down = try await http.send("POST", "/v1/posts/\(postID)/reports", json: ["reason": "spam"], token: member)
            #expect(down.status == 503, "\(down.text)")
            moderation.failure.withLock { $0 = nil }
            #expect(try await http.send("POST", "/v1/posts/\(postID)/reports", json: ["reason": "spam"], token: member).status == 409)
            #expect(moderation.filed.map(\.kind) == ["comment", "post"])

            // Deleting a comment with a reply leaves a tombstone; unliking takes the count back.
            #expect(try await http.send("DELETE", "/v1/comments/\(commentID)", token: member).status == 204)
            let afterDelete = try #require(
                try await http.send("GET", "/v1/posts/\(postID)/comments", token: host).json()["comments"]
                    as? [[String: Any]])
            #expect(afterDelete.first?["deleted"] as? Bool == true && afterDelete.first?["authorId"] == nil)
            #expect(try await http.send("DELETE", "/v1/posts/\(postID)/like", token: member).json()["likeCount"] as? Int == 0)
        }
    }

    @Test func membersChatLiveInOrderAndABannedMemberIsCutOffAtOnce() async throws {
        try await withEvening { http, eventID, host, member, outsider, memberID in
            let port = try #require(http.base.port)
            let live = LiveSocket(port: port, path: "/v1/events/\(eventID)/chat/live", token: member)
            await live.wait { $0.isLive }
            #expect(live.isLive)

            let sent = try await http.send(
                "POST", "/v1/events/\(eventID)/chat", json: ["text": "Welcome all"], token: host,
                headers: ["Idempotency-Key": "welcome"])
            #expect(sent.status == 201)
            #expect(try sent.json()["sequence"] as? Int == 1)
            let retried = try await http.send(
                "POST", "/v1/events/\(eventID)/chat", json: ["text": "Welcome all"], token: host,
                headers: ["Idempotency-Key": "welcome"])
            #expect(try retried.json()["messageId"] as? String == sent.json()["messageId"] as? String)
            for line in 2...5 {
                _ = try await http.send("POST", "/v1/events/\(eventID)/chat", json: ["text": "line \(line)"], token: line % 2 == 0 ? member : host)
            }
            await live.wait { $0.messages.count >= 5 }
            #expect(live.messages.map { $0["sequence"] as? Int } == [1, 2, 3, 4, 5])
            #expect(live.messages.first?["text"] as? String == "Welcome all")

            let history = try await http.send("GET", "/v1/events/\(eventID)/chat?pageSize=2", token: member)
            #expect((try history.json()["messages"] as? [[String: Any]])?.map { $0["sequence"] as? Int } == [5, 4])
            #expect(try history.json()["nextPageToken"] != nil)
            // A reader that resumes gets what it missed, then goes live.
            let resumed = LiveSocket(port: port, path: "/v1/events/\(eventID)/chat/live?after=3", token: host)
            await resumed.wait { $0.isLive }
            #expect(resumed.messages.map { $0["sequence"] as? Int } == [4, 5], "\(resumed.summary)")

            // Strangers and bad input are refused before the upgrade.
            #expect(try await http.send("POST", "/v1/events/\(eventID)/chat", json: ["text": "hi"], token: outsider).status == 403)
            #expect(try await http.send("GET", "/v1/events/\(eventID)/chat", token: outsider).status == 403)
            let tooLong = try await http.send(
                "POST", "/v1/events/\(eventID)/chat", json: ["text": String(repeating: "a", count: 2001)], token: member)
            #expect(tooLong.status == 400 && tooLong.problemFields == ["text"])
            let stranger = LiveSocket(port: port, path: "/v1/events/\(eventID)/chat/live", token: outsider)
            #expect(await stranger.failure() != nil)
            #expect(try await http.send("GET", "/v1/events/\(eventID)/chat/live?after=-1", token: member).problemFields == ["after"])
            #expect(try await http.send("GET", "/v1/events/\(eventID)/chat/live", token: member).problemFields == ["Upgrade"])

            // The host bans the member: their socket closes at once, saying why.
            #expect(try await http.send("PUT", "/v1/events/\(eventID)/bans/\(memberID)", token: host).status < 300)
            let closing = await live.closing()
            #expect(closing?.code == 4403)
            #expect(closing?.reason.hasPrefix("NO_LONGER_MEMBER") == true)
            resumed.stop()
        }
    }

    /// One relay from feed serves every socket of the event on a gateway (lever 5 of issue 58), and each
    /// socket still leaves out whom its reader blocks or is blocked by, as known when it opened.
    @Test func chatSocketsOfAnEventShareOneRelayAndEachLeavesOutItsReadersBlockedAuthors() async throws {
        let graph = FakeSocialGraph()
        let shared = Mutex<FeedService?>(nil)
        try await withEvening(graph: graph, feedService: { feed in shared.withLock { $0 = feed } }) { http, eventID, host, member, _, memberID in
            let feed = try #require(shared.withLock { $0 })
            let port = try #require(http.base.port)
            let path = "/v1/events/\(eventID)/chat/live"
            let before = LiveSocket(port: port, path: path, token: member)
            await before.wait { $0.isLive }
            _ = try await http.send("POST", "/v1/events/\(eventID)/chat", json: ["text": "hello"], token: host)
            await before.wait { $0.messages.count >= 1 }
            let author = before.messages.first?["authorId"] as? String
            let hostID = try #require(author.flatMap { UUID(uuidString: $0) })

            graph.block(UUID(uuidString: memberID)!, hostID)
            let membersSocket = LiveSocket(port: port, path: path, token: member)
            let hostsSocket = LiveSocket(port: port, path: path, token: host)
            await membersSocket.wait { $0.isLive }
            await hostsSocket.wait { $0.isLive }
            #expect(await feed.chat.readerCount == 1, "three sockets, one relay")

            _ = try await http.send("POST", "/v1/events/\(eventID)/chat", json: ["text": "from the member"], token: member)
            _ = try await http.send("POST", "/v1/events/\(eventID)/chat", json: ["text": "from the host"], token: host)
            await before.wait { $0.messages.count >= 3 }
            #expect(before.messages.map { $0["sequence"] as? Int } == [1, 2, 3], "opened before the block: everything")
            await membersSocket.wait { $0.messages.count >= 1 }
            await hostsSocket.wait { $0.messages.count >= 1 }
            // A later line from each shows nothing more is on its way.
            _ = try await http.send("POST", "/v1/events/\(eventID)/chat", json: ["text": "member again"], token: member)
            _ = try await http.send("POST", "/v1/events/\(eventID)/chat", json: ["text": "host again"], token: host)
            await before.wait { $0.messages.count >= 5 }
            await membersSocket.wait { $0.messages.count >= 2 }
            await hostsSocket.wait { $0.messages.count >= 2 }
            #expect(membersSocket.messages.map { $0["text"] as? String } == ["from the member", "member again"], "\(membersSocket.summary)")
            #expect(hostsSocket.messages.map { $0["text"] as? String } == ["from the host", "host again"], "\(hostsSocket.summary)")

            // Membership checked again after a gap (feed's departures stream reconnected): every member
            // is still one, so every socket reads on.
            await feed.recheckChatReaders()
            _ = try await http.send("POST", "/v1/events/\(eventID)/chat", json: ["text": "after the check"], token: host)
            await before.wait { $0.messages.count >= 6 }
            await hostsSocket.wait { $0.messages.count >= 3 }
            #expect(before.messages.last?["text"] as? String == "after the check", "\(before.summary)")
            #expect(hostsSocket.messages.last?["text"] as? String == "after the check", "\(hostsSocket.summary)")

            // The last socket gone, the room closes; the next socket opens another and reads on.
            for socket in [before, membersSocket, hostsSocket] { socket.stop() }
            let later = LiveSocket(port: port, path: path + "?after=6", token: host)
            await later.wait { $0.isLive }
            _ = try await http.send("POST", "/v1/events/\(eventID)/chat", json: ["text": "anyone?"], token: host)
            await later.wait { $0.messages.count >= 1 }
            #expect(later.messages.map { $0["text"] as? String } == ["anyone?"], "\(later.summary)")
            // Resuming from before where the room reaches: read on a stream of its own, still filtered.
            let older = LiveSocket(port: port, path: path + "?after=2", token: host)
            await older.wait { $0.isLive }
            #expect(older.messages.map { $0["sequence"] as? Int } == [3, 5, 6, 7], "\(older.summary)")
            later.stop()
            older.stop()
        }
    }

    /// During a rolling upgrade that reaches the gateway before feed, chat sockets read as before.
    @Test func aGatewayNewerThanFeedStillServesChatSockets() async throws {
        try await withEvening(olderFeed: true) { http, eventID, host, member, outsider, _ in
            let port = try #require(http.base.port)
            let path = "/v1/events/\(eventID)/chat/live"
            let live = LiveSocket(port: port, path: path, token: member)
            await live.wait { $0.isLive }
            _ = try await http.send("POST", "/v1/events/\(eventID)/chat", json: ["text": "still here"], token: host)
            await live.wait { $0.messages.count >= 1 }
            #expect(live.messages.map { $0["text"] as? String } == ["still here"], "\(live.summary)")
            #expect(try await Self.upgrade(path, port: port, token: outsider).status == 403, "strangers still refused")
            live.stop()
        }
    }

    /// Hitta without polling: new posts, comments and like counts arrive on the chat socket.
    @Test func newPostsCommentsAndLikeCountsArriveOnTheChatSocket() async throws {
        try await withEvening { http, eventID, host, member, _, _ in
            let port = try #require(http.base.port)
            let live = LiveSocket(port: port, path: "/v1/events/\(eventID)/chat/live", token: member)
            await live.wait { $0.isLive }
            let created = try await http.send("POST", "/v1/events/\(eventID)/posts", json: ["text": "Dancing! #Hitta"], token: host)
            let postID = try #require(try created.json()["postId"] as? String)
            let comment = try await http.send("POST", "/v1/posts/\(postID)/comments", json: ["text": "Coming!"], token: member)
            #expect(comment.status == 201)
            #expect(try await http.send("PUT", "/v1/posts/\(postID)/like", token: member).status == 200)
            #expect(try await http.send("PUT", "/v1/posts/\(postID)/like", token: host).status == 200)
            await live.wait { socket in socket.frames.filter { $0["type"] as? String == "likes" }.count >= 2 }
            let news = live.frames.filter { ["post", "comment", "likes"].contains($0["type"] as? String) }
            #expect(news.map { $0["type"] as? String } == ["post", "comment", "likes", "likes"], "\(live.summary)")
            #expect((news.first?["post"] as? [String: Any])?["postId"] as? String == postID)
            #expect((news.first?["post"] as? [String: Any])?["text"] as? String == "Dancing! #Hitta")
            #expect((news.dropFirst().first?["comment"] as? [String: Any])?["text"] as? String == "Coming!")
            #expect(news.suffix(2).map { $0["subject"] as? String } == ["post/\(postID)", "post/\(postID)"])
            #expect(news.suffix(2).map { $0["likeCount"] as? Int } == [1, 2])
            live.stop()
        }
    }

    /// A raw WebSocket upgrade request, as a browser sends it.
    static func upgrade(_ path: String, port: Int, token: String?) async throws -> HTTPTestClient.Reply {
        try await RawHTTPExchange.send(
            port: port,
            """
            GET \(path) HTTP/1.1
            Host: 127.0.0.1:\(port)
            Upgrade: websocket
            Connection: Upgrade
            Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==
            Sec-WebSocket-Version: 13
            \(token.map { "Authorization: Bearer \($0)\n" } ?? "")
            """)
    }

    @Test func refusedUpgradesAnswerProblemDocumentsBeforeTheUpgrade() async throws {
        try await withEvening { http, eventID, _, member, outsider, _ in
            let port = try #require(http.base.port)
            let path = "/v1/events/\(eventID)/chat/live"
            let cases: [(token: String?, path: String, status: Int, reason: String)] = [
                (nil, path, 401, "UNAUTHENTICATED"),
                ("not.a.token", path, 401, "INVALID_TOKEN"),
                (outsider, path, 403, "PERMISSION_DENIED"),
                (member, "/v1/events/not-an-id/chat/live", 400, "INVALID_FIELD"),
                (member, "/v1/nowhere/live", 404, "ROUTE_NOT_FOUND"),
                (member, path + "?after=-1", 400, "INVALID_FIELD"),
            ]
            for refusal in cases {
                let reply = try await Self.upgrade(refusal.path, port: port, token: refusal.token)
                #expect(reply.status == refusal.status, "\(refusal.path) \(refusal.token ?? "no token")")
                #expect(reply.header("Content-Type") == "application/problem+json")
                #expect(reply.reason == refusal.reason)
                #expect(try reply.json()["requestId"] as? String == reply.header("X-Request-ID"))
            }
            // A member's upgrade goes through.
            let upgraded = try await Self.upgrade(path, port: port, token: member)
            #expect(upgraded.status == 101)
        }
    }

    @Test func liveChatStaysOpenWhileTheClientAnswersPings() async throws {
        try await withEvening(settings: ["STREAM_HEARTBEAT": "5s"]) { http, eventID, host, member, _, _ in
            let port = try #require(http.base.port)
            let live = LiveSocket(port: port, path: "/v1/events/\(eventID)/chat/live", token: member)
            await live.wait { $0.isLive }
            // More than three heartbeats: an unanswered ping closes the socket at the next one. (Five
            // seconds each: with two, a full run on two cores once missed a pong, at a load of 28.)
            try await Task.sleep(for: .seconds(16))
            _ = try await http.send("POST", "/v1/events/\(eventID)/chat", json: ["text": "still here?"], token: host)
            await live.wait { $0.messages.count >= 1 }
            #expect(live.messages.map { $0["text"] as? String } == ["still here?"], "\(live.summary)")
            live.stop()
        }
    }
}
