import Crypto
import Foundation
import GRPCCore
import Logging
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts
@testable import Feed
@testable import Gateway

/// Legends through the real gateway, in front of the real accounts service and a feed that asks
/// accounts for follows and blocks over gRPC.
@Suite struct GatewayStoriesTests {
    struct Walker {
        var username: String
        var id: String
        var token: String
    }

    static let waikiki = (latitude: 21.2766, longitude: -157.8278)

    func withLegends(_ body: @Sendable (HTTPTestClient, _ signUp: @Sendable (String) async throws -> Walker) async throws -> Void) async throws {
        let signingKey = SigningKey(privateKey: Curve25519.Signing.PrivateKey())
        let accounts = try await Repositories(memory: InMemoryAccountsStore())
            .service(
                hasher: GatewayHarness.fastHasher, signer: JWTAccessTokenSigner(signingKey: signingKey),
                policy: AccountPolicy())
        let verifier = await AccessTokenVerifier(
            keySource: LocalPublicKeySource(keys: [signingKey.publicJWK]), serviceSecret: TestTokens.serviceSecret)
        try await verifier.loadKeys()
        let settings = try GatewayHarness.settings(["RATE_LIMIT_PER_USER": "1000", "RATE_LIMIT_PER_USER_BURST": "1000"])
        let (accountsServer, accountsUpstream) = GatewayHarness.inProcess(
            "accounts", [AccountsGRPCService(accounts: accounts, publicKeys: [signingKey.publicJWK])], health: "roam.accounts.v1.AccountsService",
            anonymousMethods: AccountsGRPCService.anonymousMethods, verifier: verifier, settings: settings)
        // The feed asks accounts over gRPC as roam-feed does (uncached here, so a block counts at once).
        let graph = AccountsSocialGraph(
            upstream: accountsUpstream, credential: await ServiceCredential(serviceName: "feed", secret: TestTokens.serviceSecret))
        let feed = FeedService(store: InMemoryFeedStore(), membership: NoEvents(), graph: graph)
        let (feedServer, feedUpstream) = GatewayHarness.inProcess(
            "feed", [FeedGRPCService(feed: feed)], health: "roam.feed.v1.FeedService",
            anonymousMethods: FeedGRPCService.anonymousMethods, verifier: verifier,
            settings: settings)
        let (eventsServer, eventsUpstream) = GatewayHarness.inProcess(
            "events", [], health: "roam.events.v1.EventsService",
            anonymousMethods: [], verifier: verifier, settings: settings)
        let (mediaServer, mediaUpstream) = GatewayHarness.inProcess(
            "media", [], health: "roam.media.v1.MediaService",
            anonymousMethods: [], verifier: verifier, settings: settings)
        let (budgetServer, budgetUpstream) = GatewayHarness.inProcess(
            "budget", [], health: "roam.budget.v1.BudgetService",
            anonymousMethods: [], verifier: verifier, settings: settings)
        let (tripsServer, tripsUpstream) = GatewayHarness.inProcess(
            "trips", [], health: "roam.trips.v1.TripsService",
            anonymousMethods: [], verifier: verifier, settings: settings)
        let (bucketListsServer, bucketListsUpstream) = GatewayHarness.inProcess(
            "bucketlists", [], health: "roam.bucketlists.v1.BucketListsService",
            anonymousMethods: [], verifier: verifier, settings: settings)
        let (notificationsServer, notificationsUpstream) = GatewayHarness.inProcess(
            "notifications", [], health: "roam.notifications.v1.NotificationsService",
            anonymousMethods: [], verifier: verifier, settings: settings)
        let (moderationServer, moderationUpstream) = GatewayHarness.inProcess(
            "moderation", [], health: "roam.moderation.v1.ModerationService", anonymousMethods: [], verifier: verifier, settings: settings)
        try await GatewayHarness.withGateway(
            upstreams: GatewayUpstreams(
                accounts: accountsUpstream, events: eventsUpstream, feed: feedUpstream, media: mediaUpstream,
                trips: tripsUpstream, budget: budgetUpstream, bucketLists: bucketListsUpstream, notifications: notificationsUpstream,
                moderation: moderationUpstream),
            verifier: verifier, settings: settings,
            extraServices: [
                GRPCServerService(server: accountsServer), GRPCServerService(server: feedServer), GRPCServerService(server: eventsServer),
                GRPCServerService(server: mediaServer), GRPCServerService(server: tripsServer), GRPCServerService(server: budgetServer),
                GRPCServerService(server: bucketListsServer), GRPCServerService(server: notificationsServer),
                GRPCServerService(server: moderationServer),
            ]
        ) { http in
            try await body(http) { name in
                let username = "\(name)_\(Int.random(in: 1000...99999))"
                let reply = try await http.send(
                    "POST", "/v1/auth/signup",
                    json: [
                        "email": "\(username)@example.com", "username": username, "password": "correct horse battery", "displayName": name,
                    ])
                let json = try reply.json()
                let account = try #require(json["account"] as? [String: Any])
                let tokens = try #require(json["tokens"] as? [String: Any])
                return Walker(
                    username: username, id: try #require(account["userId"] as? String), token: try #require(tokens["accessToken"] as? String))
            }
        }
    }

    static func story(
        _ http: HTTPTestClient, _ walker: Walker, _ text: String, metresEast: Double = 0, name: String = "Waikiki Beach"
    )
        async throws -> String
    {
        let point = GeoPoint(latitude: waikiki.latitude, longitude: waikiki.longitude).moved(meters: metresEast, bearing: 90)
        let reply = try await http.send(
            "POST", "/v1/stories",
            json: [
                "text": text, "place": ["latitude": point.latitude, "longitude": point.longitude, "name": name],
            ], token: walker.token)
        #expect(reply.status == 201)
        let json = try reply.json()
        #expect(json["audience"] as? String == "place")
        return try #require(json["postId"] as? String)
    }

    static func ids(_ reply: HTTPTestClient.Reply) throws -> [String] {
        #expect(reply.status == 200)
        return try (reply.json()["posts"] as? [[String: Any]] ?? []).compactMap { $0["postId"] as? String }
    }

    @Test func storiesAreFoundSortedSearchedSavedAndFollowed() async throws {
        try await withLegends { http, signUp in
            let (ana, ben, cy) = (try await signUp("ana"), try await signUp("ben"), try await signUp("cy"))
            let sunset = try await Self.story(http, ana, "Golden #sunset at the beach")
            let surf = try await Self.story(http, ben, "Huge waves, #surf is up", metresEast: 600, name: "Kuhio Beach")
            let far = try await Self.story(http, ben, "Diamond Head #sunset hike", metresEast: 4_000, name: "Diamond Head")
            let (lat, lng) = (Self.waikiki.latitude, Self.waikiki.longitude)

            #expect(try Self.ids(await http.send("GET", "/v1/stories/nearby?lat=\(lat)&lng=\(lng)&radius=1000", token: cy.token)) == [surf, sunset])
            // Likes and a view make the beach sunset the top story of the week.
            #expect(try await http.send("PUT", "/v1/posts/\(sunset)/like", token: cy.token).status == 200)
            #expect(try await http.send("PUT", "/v1/posts/\(sunset)/like", token: ben.token).status == 200)
            let viewed = try await http.send("GET", "/v1/posts/\(sunset)", token: cy.token).json()
            #expect(viewed["viewCount"] as? Int == 1 && viewed["likeCount"] as? Int == 2)
            let top = try await http.send("GET", "/v1/stories/nearby?lat=\(lat)&lng=\(lng)&radius=5000&sort=top_week&pageSize=1", token: cy.token)
            #expect(try Self.ids(top) == [sunset])
            let token = try #require(try top.json()["nextPageToken"] as? String)
            let rest = try await http.send(
                "GET", "/v1/stories/nearby?lat=\(lat)&lng=\(lng)&radius=5000&sort=top_week&pageToken=\(token)",
                token: cy.token)
            #expect(try Self.ids(rest) == [far, surf])
            // The year's top: the same stories, all of them this year's.
            let year = try await http.send("GET", "/v1/stories/search?q=sunset&sort=top_year", token: cy.token)
            #expect(try Self.ids(year) == [sunset, far], "\(year.status)")
            // Trending: everywhere, and near a point.
            #expect(try Set(Self.ids(await http.send("GET", "/v1/stories/trending", token: cy.token))) == [sunset, surf, far])
            #expect(try Set(Self.ids(await http.send("GET", "/v1/stories/trending?lat=\(lat)&lng=\(lng)&radius=100", token: cy.token))) == [sunset])
            // A map's box.
            #expect(
                try Set(Self.ids(await http.send("GET", "/v1/stories/map?south=21.2&west=-157.83&north=21.3&east=-157.82", token: cy.token)))
                    == [sunset, surf])
            // Search by text, tag, author and place.
            #expect(try Self.ids(await http.send("GET", "/v1/stories/search?q=waves", token: cy.token)) == [surf])
            #expect(try Self.ids(await http.send("GET", "/v1/stories/search?tag=%23Sunset", token: cy.token)) == [far, sunset])
            #expect(try Self.ids(await http.send("GET", "/v1/stories/search?author=\(ana.id)", token: cy.token)) == [sunset])
            #expect(try Self.ids(await http.send("GET", "/v1/stories/search?place=diamond", token: cy.token)) == [far])

            // Save and list bookmarks.
            let saved = try await http.send("PUT", "/v1/posts/\(surf)/save", token: cy.token)
            let savedJSON = try saved.json()
            #expect(saved.status == 200 && savedJSON["savedByMe"] as? Bool == true)
            #expect(try Self.ids(await http.send("GET", "/v1/me/saved", token: cy.token)) == [surf])
            #expect(try await http.send("DELETE", "/v1/posts/\(surf)/save", token: cy.token).status == 204)
            #expect(try Self.ids(await http.send("GET", "/v1/me/saved", token: cy.token)) == [])

            // Follow a place and a user: the timeline holds both, newest first, plus followers posts.
            let followed = try await http.send(
                "PUT", "/v1/places/follow",
                json: [
                    "latitude": lat, "longitude": lng, "name": "Waikiki", "radiusMeters": 300,
                ], token: cy.token)
            let followedJSON = try followed.json()
            #expect(followed.status == 200 && followedJSON["radiusMeters"] as? Double == 300)
            #expect(try await http.send("GET", "/v1/me/places", token: cy.token).json()["places"] as? [[String: Any]] != nil)
            #expect(try await http.send("PUT", "/v1/users/\(ben.username)/follow", token: cy.token).status < 300)
            let note = try await http.send("POST", "/v1/posts", json: ["text": "Only for my followers"], token: ben.token)
            let noteJSON = try note.json()
            #expect(note.status == 201 && noteJSON["audience"] as? String == "followers")
            let noteID = try #require(noteJSON["postId"] as? String)
            #expect(try Self.ids(await http.send("GET", "/v1/me/timeline", token: cy.token)) == [noteID, far, surf, sunset])
            #expect(try await http.send("GET", "/v1/posts/\(noteID)", token: ana.token).status == 404)
            #expect(try await http.send("DELETE", "/v1/places/follow?lat=\(lat)&lng=\(lng)", token: ana.token).status == 404, "ana follows no place")
            #expect(try await http.send("DELETE", "/v1/places/follow?lat=\(lat)&lng=\(lng)", token: cy.token).status == 204)
            #expect(try await http.send("DELETE", "/v1/places/follow?lat=\(lat)&lng=\(lng)", token: cy.token).status == 404, "not any more")
            #expect(try Self.ids(await http.send("GET", "/v1/me/timeline", token: cy.token)) == [noteID, far, surf])

            // A block hides content both ways, at once.
            #expect(try await http.send("PUT", "/v1/users/\(cy.username)/block", token: ana.token).status < 300)
            #expect(try await http.send("GET", "/v1/posts/\(sunset)", token: cy.token).status == 404)
            #expect(try Self.ids(await http.send("GET", "/v1/stories/nearby?lat=\(lat)&lng=\(lng)&radius=1000", token: cy.token)) == [surf])
            #expect(try Self.ids(await http.send("GET", "/v1/stories/nearby?lat=\(lat)&lng=\(lng)&radius=1000", token: ana.token)) == [surf, sunset])
            #expect(try await http.send("PUT", "/v1/posts/\(sunset)/like", token: cy.token).status == 404)
        }
    }

    @Test func badStoryRequestsNameTheirFields() async throws {
        try await withLegends { http, signUp in
            let ana = try await signUp("ana")
            func fields(_ method: String, _ path: String, json: [String: Any]? = nil) async throws -> [String] {
                let reply = try await http.send(method, path, json: json, token: ana.token)
                #expect(reply.status == 400)
                return reply.problemFields.sorted()
            }
            #expect(try await fields("POST", "/v1/stories", json: ["text": "Nowhere"]) == ["place"])
            #expect(
                try await fields("POST", "/v1/stories", json: ["text": "Off the map", "place": ["latitude": 95, "longitude": 0, "name": ""]])
                    == ["place.latitude", "place.name"])
            #expect(try await fields("GET", "/v1/stories/nearby?lng=1") == ["lat"])
            #expect(try await fields("GET", "/v1/stories/nearby?lat=1&lng=1&radius=0") == ["radius"])
            #expect(try await fields("GET", "/v1/stories/nearby?lat=1&lng=1&sort=best") == ["sort"])
            #expect(try await fields("GET", "/v1/stories/map?south=1&west=1&north=0&east=2") == ["south"])
            #expect(try await fields("GET", "/v1/stories/search") == ["q"])
            #expect(try await fields("GET", "/v1/stories/search?tag=two%20words&author=nobody") == ["author"])
            #expect(
                try await fields("PUT", "/v1/places/follow", json: ["latitude": 1, "longitude": 1, "name": "", "radiusMeters": 1])
                    == ["name", "radiusMeters"])
            #expect(try await fields("DELETE", "/v1/places/follow?lat=x") == ["lat", "lng"])
            #expect(try await http.send("GET", "/v1/stories/trending").status == 401)
        }
    }

    @Test func likersLikedPostsTitlesMovesAndTheStoryCount() async throws {
        try await withLegends { http, signUp in
            let (ana, ben, cai) = (try await signUp("ana"), try await signUp("ben"), try await signUp("cai"))
            let titled = try await http.send(
                "POST", "/v1/stories",
                json: [
                    "text": "Quiet morning", "title": "Sunrise at Diamond Head",
                    "place": ["latitude": Self.waikiki.latitude, "longitude": Self.waikiki.longitude, "name": "Waikiki Beach"],
                ], token: ana.token)
            #expect(titled.status == 201)
            #expect(try titled.json()["title"] as? String == "Sunrise at Diamond Head")
            let story = try #require(try titled.json()["postId"] as? String)
            let found = try await http.send("GET", "/v1/stories/search?q=diamond", token: cai.token)
            #expect((try found.json()["posts"] as? [[String: Any]])?.map { $0["postId"] as? String } == [story])

            for walker in [ben, cai] { #expect(try await http.send("PUT", "/v1/posts/\(story)/like", token: walker.token).status == 200) }
            let likers = try await http.send("GET", "/v1/posts/\(story)/likes?pageSize=1", token: ana.token)
            #expect(likers.status == 200)
            let first = try #require(try likers.json()["likers"] as? [[String: Any]])
            #expect((first.first?["profile"] as? [String: Any])?["username"] as? String == cai.username)
            let token = try #require(try likers.json()["nextPageToken"] as? String)
            let second = try await http.send("GET", "/v1/posts/\(story)/likes?pageSize=1&pageToken=\(token)", token: ana.token)
            #expect(((try second.json()["likers"] as? [[String: Any]])?.first?["profile"] as? [String: Any])?["username"] as? String == ben.username)
            // Ben blocks Cai: neither sees the other among the likers.
            #expect(try await http.send("PUT", "/v1/users/\(cai.username)/block", token: ben.token).status < 300)
            let seenByBen = try await http.send("GET", "/v1/posts/\(story)/likes", token: ben.token)
            #expect(
                (try seenByBen.json()["likers"] as? [[String: Any]])?.compactMap { ($0["profile"] as? [String: Any])?["username"] as? String } == [
                    ben.username
                ])
            #expect(try await http.send("GET", "/v1/posts/\(UUID())/likes", token: ben.token).status == 404)
            #expect(try await http.send("GET", "/v1/posts/not-a-uuid/likes", token: ben.token).status == 400)
            #expect(try await http.send("GET", "/v1/posts/\(story)/likes").status == 401)

            let liked = try await http.send("GET", "/v1/me/liked", token: ben.token)
            #expect((try liked.json()["posts"] as? [[String: Any]])?.map { $0["postId"] as? String } == [story])

            let moved = try await http.send(
                "PATCH", "/v1/posts/\(story)",
                json: [
                    "text": "Quiet morning", "title": "", "place": ["latitude": 19.7241, "longitude": -155.0868, "name": "Hilo Bay"],
                ], token: ana.token)
            #expect(moved.status == 200)
            let movedJSON = try moved.json()
            #expect((movedJSON["place"] as? [String: Any])?["name"] as? String == "Hilo Bay" && movedJSON["title"] == nil)
            let notMine = try await http.send(
                "PATCH", "/v1/posts/\(story)", json: ["text": "Mine", "place": ["latitude": 0, "longitude": 0, "name": "X"]],
                token: ben.token)
            #expect(notMine.status == 403)
            let badPlace = try await http.send(
                "PATCH", "/v1/posts/\(story)", json: ["text": "x", "place": ["latitude": 0, "longitude": 0, "name": ""]],
                token: ana.token)
            #expect(badPlace.status == 400 && badPlace.problemFields == ["place.name"])

            let profile = try await http.send("GET", "/v1/users/\(ana.username)", token: ben.token)
            #expect((try profile.json()["counts"] as? [String: Any])?["stories"] as? Int == 1)
        }
    }
}

/// No events: the stories tests never post in one.
struct NoEvents: EventMembership {
    func status(of user: UUID, in event: UUID) async throws -> MembershipStatus { .none }
}
