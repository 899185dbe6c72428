import Foundation
import MediaTesting
import RoamTesting
import Testing

/// Bucket lists through the gateway with every service a real process on real PostgreSQL: lists and
/// items as their visibility and blocks allow, the profile's counts, activities with votes, search,
/// trending and "add to my list", comments through the feed, and an account's deletion reaching
/// bucket lists.
@Suite(.serialized) struct BucketListsEndToEndTests {
    @Test func listsItemsVisibilityCountsAndComments() async throws {
        try await withStack { http, users in
            let (ana, bo, cy) = (try await users.signUp("ana"), try await users.signUp("bo"), try await users.signUp("cy"))

            // Ana's three lists; the first is created twice with one key and exists once.
            let key = UUID().uuidString
            let first = try await http.send("POST", "/v1/lists", json: ["title": "  Portugal  "], token: ana.token, headers: ["Idempotency-Key": key])
            #expect(first.status == 201, "\(first.text)")
            let open = try #require(try first.json()["id"] as? String)
            #expect(try first.json()["title"] as? String == "Portugal" && first.json()["visibility"] as? String == "public")
            let retried = try await http.send(
                "POST", "/v1/lists", json: ["title": "  Portugal  "], token: ana.token, headers: ["Idempotency-Key": key])
            #expect(try retried.status == 201 && (retried.json()["id"] as? String) == open)
            let friends = try await users.create("/v1/lists", ["title": "With friends", "visibility": "followers"], as: ana)
            let secret = try await users.create("/v1/lists", ["title": "Secret", "visibility": "private"], as: ana)

            // Items, in order, one with a place and a target date; wrong input names the field as sent.
            let sintra = try await users.create(
                "/v1/lists/\(open)/items",
                [
                    "title": "Sintra", "place": ["point": ["latitude": 38.7876, "longitude": -9.3905], "name": "Pena Palace"],
                    "targetDate": "2027-05-01",
                ], as: ana)
            let tram = try await users.create("/v1/lists/\(open)/items", ["title": "Tram 28"], as: ana)
            _ = try await users.create("/v1/lists/\(secret)/items", ["title": "Skydive"], as: ana)
            for (body, field) in [
                (["title": " "], "title"), (["title": "X", "targetDate": "2027-02-30"], "targetDate"),
                (["title": "X", "place": ["point": ["latitude": 91, "longitude": 0], "name": "Nowhere"]], "place.point.latitude"),
                (["title": "X", "mediaIds": ["not-a-uuid"]], "mediaIds[0]"),
            ] as [([String: Any], String)] {
                let refused = try await http.send("POST", "/v1/lists/\(open)/items", json: body, token: ana.token)
                #expect(refused.status == 400 && refused.problemFields.contains(field), "\(field): \(refused.status) \(refused.text)")
            }
            let moved = try await http.send("POST", "/v1/items/\(tram)/move", json: ["position": 0], token: ana.token)
            #expect(try moved.json()["position"] as? Int == 0)
            let items = try await http.send("GET", "/v1/lists/\(open)/items", token: ana.token).json()["items"] as? [[String: Any]]
            #expect(items?.compactMap { $0["id"] as? String } == [tram, sintra])
            #expect((items?.last?["place"] as? [String: Any])?["name"] as? String == "Pena Palace")

            // Ticking off: never in the future; then it is in "completed", newest first.
            let future = try await http.send("PUT", "/v1/items/\(sintra)/completion", json: ["completedAt": "2999-01-01T00:00:00Z"], token: ana.token)
            #expect(future.status == 400 && future.problemFields == ["completedAt"], "\(future.text)")
            let done = try await http.send("PUT", "/v1/items/\(sintra)/completion", json: ["note": "Foggy and lovely"], token: ana.token)
            #expect((try done.json()["completion"] as? [String: Any])?["note"] as? String == "Foggy and lovely")
            let completed = try await http.send("GET", "/v1/me/completed", token: ana.token).json()["items"] as? [[String: Any]]
            #expect(completed?.compactMap { $0["id"] as? String } == [sintra])
            #expect((try await http.send("GET", "/v1/me/completed", token: bo.token).json()["items"] as? [[String: Any]])?.isEmpty == true)

            // What others see: a stranger the public list, a follower the followers' list too, nobody the private one.
            func titles(of owner: String, for reader: User) async throws -> [String] {
                let reply = try await http.send("GET", "/v1/lists?username=\(owner)", token: reader.token)
                return (try reply.json()["lists"] as? [[String: Any]])?.compactMap { $0["title"] as? String } ?? []
            }
            #expect(try await titles(of: ana.name, for: bo) == ["Portugal"])
            #expect(try await http.send("GET", "/v1/lists/\(secret)", token: bo.token).status == 404)
            #expect(try await http.send("GET", "/v1/lists/\(friends)/items", token: bo.token).status == 404)
            #expect(try await http.send("PUT", "/v1/users/\(ana.name)/follow", token: bo.token).status == 204)
            #expect(try await titles(of: ana.name, for: bo) == ["With friends", "Portugal"])
            #expect(try await titles(of: ana.name, for: ana) == ["Secret", "With friends", "Portugal"])
            #expect(try await http.send("GET", "/v1/lists?username=nobody_at_all", token: bo.token).status == 404)

            // Bo copies Ana's public item into a list of his; the copy remembers where it came from.
            let boList = try await users.create("/v1/lists", ["title": "Borrowed"], as: bo)
            let copy = try await http.send("POST", "/v1/items/\(sintra)/copies", json: ["listId": boList], token: bo.token)
            #expect(try copy.status == 201 && (copy.json()["source"] as? [String: Any])?["itemId"] as? String == sintra, "\(copy.text)")
            #expect(try copy.json()["completion"] == nil, "a copy starts open")
            let intoTheirs = try await http.send("POST", "/v1/items/\(sintra)/copies", json: ["listId": open], token: bo.token)
            #expect(intoTheirs.status == 400 && intoTheirs.problemFields == ["listId"], "only into one's own list")

            // The profile's counts, as each reader may see them; someone signed out sees public lists only.
            func counts(of owner: String, for reader: User?) async throws -> [String: Int] {
                let reply = try await http.send("GET", "/v1/users/\(owner)", token: reader?.token)
                #expect((try reply.json()["parts"] as? [String: Any])?["bucketlists"] as? [String: Any] != nil)
                return (try reply.json()["counts"] as? [String: Int]) ?? [:]
            }
            let own = try await counts(of: ana.name, for: ana)
            #expect(own["bucketLists"] == 3 && own["bucketItems"] == 3 && own["completedItems"] == 1, "\(own)")
            let follower = try await counts(of: ana.name, for: bo)
            #expect(follower["bucketLists"] == 2 && follower["bucketItems"] == 2 && follower["followers"] == 1, "\(follower)")
            let anonymous = try await counts(of: ana.name, for: nil)
            #expect(anonymous["bucketLists"] == 1 && anonymous["bucketItems"] == 2 && anonymous["completedItems"] == 1, "\(anonymous)")

            // Comments on items go through the feed, which asks bucket lists whether the reader may see the item.
            let comment = try await http.send("POST", "/v1/items/\(sintra)/comments", json: ["text": "Go early!"], token: bo.token)
            #expect(comment.status == 201, "\(comment.text)")
            let commentID = try #require(try comment.json()["commentId"] as? String)
            #expect(try await http.send("PUT", "/v1/comments/\(commentID)/like", token: ana.token).status == 200)
            let thread = try await http.send("GET", "/v1/items/\(sintra)/comments", token: ana.token).json()["comments"] as? [[String: Any]]
            #expect(thread?.first?["likeCount"] as? Int == 1 && thread?.first?["subject"] as? String == "bucket_item/\(sintra)")
            let secretItem =
                try #require(
                    try await http.send("GET", "/v1/lists/\(secret)/items", token: ana.token)
                        .json()["items"] as? [[String: Any]]
                ).first?["id"] as? String
            let peek = try await http.send("POST", "/v1/items/\(try #require(secretItem))/comments", json: ["text": "Peek"], token: cy.token)
            #expect(peek.status == 404, "a stranger may not comment on a private list's item")

            // Blocked: nothing of each other, not even the public list, its items or the counts.
            #expect(try await http.send("PUT", "/v1/users/\(cy.name)/block", token: ana.token).status == 204)
            #expect(try await http.send("GET", "/v1/lists/\(open)", token: cy.token).status == 404)
            #expect(try await http.send("GET", "/v1/items/\(sintra)", token: cy.token).status == 404)
            #expect(try await titles(of: ana.name, for: cy).isEmpty)
            #expect(try await http.send("GET", "/v1/users/\(ana.name)", token: cy.token).status == 404, "nor the profile")

            // Hostile and wrong input: a clear 400 or 404, never a 500.
            #expect(try await http.send("GET", "/v1/lists/not-a-uuid", token: ana.token).status == 400)
            #expect(try await http.send("GET", "/v1/lists/\(UUID().uuidString)", token: ana.token).status == 404)
            #expect(
                try await http.send("PATCH", "/v1/lists/\(open)", json: ["visibility": "everyone"], token: ana.token).problemFields == ["visibility"])
            #expect(try await http.send("PATCH", "/v1/lists/\(open)", json: ["title": "Mine now"], token: bo.token).status == 404)
            #expect(try await http.send("POST", "/v1/items/\(tram)/move", json: ["position": -1], token: ana.token).problemFields == ["position"])
            #expect(try await http.send("GET", "/v1/lists", token: nil).status == 401)

            // Deleting the list takes its items; deleting the account takes the rest (through the accounts outbox).
            #expect(try await http.send("DELETE", "/v1/lists/\(open)", token: ana.token).status == 204)
            #expect(try await http.send("GET", "/v1/items/\(tram)", token: ana.token).status == 404)
            #expect(
                try await http.send("DELETE", "/v1/lists/\(open)", token: ana.token).status == 404,
                "deleting again: not found, which a retry reads as done")
            #expect(try await http.send("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: ana.token).status == 204)
            #expect(await eventually { (try? await http.send("GET", "/v1/lists/\(friends)", token: bo.token).status) == 404 })
            let kept = try await http.send("GET", "/v1/items/\(try #require(try copy.json()["id"] as? String))", token: bo.token)
            #expect(kept.status == 200, "Bo's copy is Bo's")
        }
    }

    @Test func activitiesVotesSearchTrendingAndAddingToAList() async throws {
        try await withStack { http, users in
            let (ana, bo, cy) = (try await users.signUp("ana"), try await users.signUp("bo"), try await users.signUp("cy"))
            let photo = try await http.send(
                "POST", "/v1/media?attachmentOnly=true", body: try TestPhoto.bytes(exif: TestPhoto.cameraFields),
                token: ana.token, headers: ["Content-Type": "image/jpeg"])
            let photoID = try #require(try photo.json()["mediaId"] as? String)
            let now = Date()
            let iso = ISO8601DateFormatter()
            let fado = try await http.send(
                "POST", "/v1/activities",
                json: [
                    "name": "Fado in Alfama", "description": "Small tavern, go late", "tags": ["#music", "night"], "mediaIds": [photoID],
                    "place": ["point": ["latitude": 38.7118, "longitude": -9.1300], "name": "Alfama"],
                    "window": [
                        "startsAt": iso.string(from: now.addingTimeInterval(-3600)), "endsAt": iso.string(from: now.addingTimeInterval(3600)),
                    ],
                ], token: ana.token)
            #expect(fado.status == 201, "\(fado.text)")
            let fadoID = try #require(try fado.json()["id"] as? String)
            #expect(try fado.json()["tags"] as? [String] == ["music", "night"])
            let link = try #require((try fado.json()["media"] as? [[String: Any]])?.first?["thumbnail"] as? String)
            #expect(try await http.send("GET", link).status == 200, "the photo's signed link works without a token")
            let surf = try await users.create(
                "/v1/activities",
                [
                    "name": "Surf lesson", "tags": ["sea"], "place": ["point": ["latitude": 38.6800, "longitude": -9.3300], "name": "Carcavelos"],
                ], as: bo)
            let far = try await users.create(
                "/v1/activities",
                [
                    "name": "Port tasting", "place": ["point": ["latitude": 41.1400, "longitude": -8.6100], "name": "Porto"],
                ], as: cy)

            // Votes: one each, changeable and withdrawable; the counts and my vote on every answer.
            #expect(try await http.send("PUT", "/v1/activities/\(fadoID)/vote", json: ["vote": "up"], token: bo.token).status == 200)
            #expect(try await http.send("PUT", "/v1/activities/\(fadoID)/vote", json: ["vote": "down"], token: cy.token).status == 200)
            let switched = try await http.send("PUT", "/v1/activities/\(fadoID)/vote", json: ["vote": "up"], token: cy.token).json()
            #expect(switched["score"] as? Int == 2 && switched["upCount"] as? Int == 2 && switched["downCount"] as? Int == 0)
            #expect(switched["myVote"] as? String == "up")
            let withdrawn = try await http.send("DELETE", "/v1/activities/\(fadoID)/vote", token: cy.token).json()
            #expect(withdrawn["score"] as? Int == 1 && withdrawn["myVote"] as? String == "none")
            #expect(try await http.send("PUT", "/v1/activities/\(surf)/vote", json: ["vote": "sideways"], token: ana.token).problemFields == ["vote"])
            #expect(try await http.send("GET", "/v1/activities/\(fadoID)", token: bo.token).json()["myVote"] as? String == "up")

            // Near a point by distance, in a map box, by words, by tag, happening now.
            func names(_ query: String, as user: User) async throws -> [String] {
                let reply = try await http.send("GET", "/v1/activities?\(query)", token: user.token)
                #expect(reply.status == 200, "\(query): \(reply.text)")
                return (try reply.json()["activities"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            }
            #expect(try await names("lat=38.7118&lng=-9.1300&radius=30000&sort=distance", as: ana) == ["Fado in Alfama", "Surf lesson"])
            #expect(try await names("south=38&west=-10&north=42&east=-8&sort=newest", as: ana) == ["Port tasting", "Surf lesson", "Fado in Alfama"])
            #expect(try await names("q=tavern", as: bo) == ["Fado in Alfama"])
            // "My activities", and a local's: by author, anywhere.
            #expect(try await names("author=\(bo.name)", as: bo) == ["Surf lesson"])
            #expect(try await names("author=\(ana.name)&q=tavern", as: cy) == ["Fado in Alfama"])
            #expect(try await http.send("GET", "/v1/activities?author=nobody_\(UUID().uuidString.prefix(8))", token: ana.token).status == 404)
            #expect(try await http.send("GET", "/v1/activities?author=", token: ana.token).problemFields == ["author"])
            #expect(try await names("tag=%23sea", as: bo) == ["Surf lesson"])
            #expect(try await names("happeningNow=true&south=38&west=-10&north=42&east=-8", as: bo) == ["Fado in Alfama"])
            let near = try await http.send("GET", "/v1/activities?lat=38.7118&lng=-9.1300&radius=30000&sort=distance", token: ana.token)
            let distances = (try near.json()["activities"] as? [[String: Any]])?.compactMap { $0["distanceMeters"] as? Double } ?? []
            #expect(distances.count == 2 && distances[0] < 1 && distances[1] > 15_000)
            for (query, field) in [
                ("lat=38.7", "lng"), ("south=38", "west"), ("lat=38.7&lng=-9.1&radius=1000000", "radius"),
                ("sort=distance", "sort"), ("lat=38.7&lng=-9.1&south=38&west=-10&north=42&east=-8", "south"),
                ("tag=no%20spaces", "tag"), ("pageToken=garbage", "pageToken"),
            ] {
                let refused = try await http.send("GET", "/v1/activities?\(query)", token: ana.token)
                #expect(refused.status == 400 && refused.problemFields.contains(field), "\(query): \(refused.status) \(refused.text)")
            }
            _ = far

            // Trending near Lisbon: the radius widens to take in what is there; the ranker puts the voted one first.
            #expect(
                await eventually(timeout: .seconds(20)) {
                    guard let reply = try? await http.send("GET", "/v1/activities/trending?lat=38.7118&lng=-9.1300", token: ana.token),
                        let json = try? reply.json(), let found = json["activities"] as? [[String: Any]]
                    else { return false }
                    return found.first?["name"] as? String == "Fado in Alfama" && (json["radiusMeters"] as? Double ?? 0) >= 50_000
                })
            #expect(try await http.send("GET", "/v1/activities/trending?lat=95&lng=0", token: ana.token).problemFields == ["lat"])

            // "Add to my list": an item that remembers the activity, which counts the lists it is in. The
            // list's cover comes with signed links too.
            let cover = try await http.send(
                "POST", "/v1/media?attachmentOnly=true", body: try TestPhoto.bytes(width: 300, height: 200),
                token: bo.token, headers: ["Content-Type": "image/jpeg"])
            let coverID = try #require(try cover.json()["mediaId"] as? String)
            let list = try await users.create("/v1/lists", ["title": "Lisbon", "coverMediaId": coverID], as: bo)
            let covered = try await http.send("GET", "/v1/lists/\(list)", token: cy.token).json()
            #expect(covered["coverMediaId"] as? String == coverID)
            let coverLink = try #require((covered["cover"] as? [String: Any])?["thumbnail"] as? String)
            #expect(try await http.send("GET", coverLink).status == 200)
            let added = try await http.send("POST", "/v1/activities/\(fadoID)/lists", json: ["listId": list], token: bo.token)
            #expect(try added.status == 201 && (added.json()["source"] as? [String: Any])?["activityId"] as? String == fadoID, "\(added.text)")
            #expect(try added.json()["title"] as? String == "Fado in Alfama")
            #expect(try await http.send("GET", "/v1/activities/\(fadoID)", token: ana.token).json()["listCount"] as? Int == 1)

            // Comments on activities through the feed.
            let comment = try await http.send("POST", "/v1/activities/\(fadoID)/comments", json: ["text": "Best night of the trip"], token: cy.token)
            #expect(comment.status == 201, "\(comment.text)")
            let thread = try await http.send("GET", "/v1/activities/\(fadoID)/comments", token: ana.token).json()["comments"] as? [[String: Any]]
            #expect(thread?.compactMap { $0["text"] as? String } == ["Best night of the trip"])
            #expect(try await http.send("POST", "/v1/activities/\(UUID().uuidString)/comments", json: ["text": "?"], token: cy.token).status == 404)

            // The author edits and deletes; nobody else may.
            #expect(try await http.send("PATCH", "/v1/activities/\(fadoID)", json: ["name": "Mine"], token: bo.token).status == 404)
            let edited = try await http.send("PATCH", "/v1/activities/\(fadoID)", json: ["removeWindow": true, "tags": ["music"]], token: ana.token)
            #expect(try edited.json()["window"] == nil && edited.json()["tags"] as? [String] == ["music"], "\(edited.text)")
            #expect(try await http.send("DELETE", "/v1/activities/\(fadoID)", token: ana.token).status == 204)
            #expect(try await http.send("GET", "/v1/activities/\(fadoID)", token: bo.token).status == 404)
            let item = try #require(try added.json()["id"] as? String)
            #expect(try await http.send("GET", "/v1/items/\(item)", token: bo.token).status == 200, "the copy stays in Bo's list")
        }
    }

    struct User {
        let name: String
        let token: String
    }

    /// Signs up users with names of their own and creates things as them.
    struct Users {
        let http: HTTPTestClient

        func signUp(_ name: String) async throws -> User {
            let username = "\(name)_\(Int.random(in: 1000...99999))"
            let reply = try await http.send(
                "POST", "/v1/auth/signup",
                json: [
                    "email": "\(username)@example.com", "username": username, "password": "correct horse battery", "displayName": name,
                ])
            return User(name: username, token: try #require((try reply.json()["tokens"] as? [String: Any])?["accessToken"] as? String))
        }

        /// POSTs `json` to `path` and returns the new thing's id.
        func create(_ path: String, _ json: [String: Any], as user: User) async throws -> String {
            let reply = try await http.send("POST", path, json: json, token: user.token)
            #expect(reply.status == 201, "\(path): \(reply.text)")
            return try #require(try reply.json()["id"] as? String)
        }
    }

    /// Every service as a process; bucket lists ranks activities every second and sees follows and
    /// blocks at once.
    func withStack(_ body: (HTTPTestClient, Users) async throws -> Void) async throws {
        let (mediaPort, feedPort, bucketListsPort) = (FreePort.next(), FreePort.next(), FreePort.next())
        let mediaAddress = ["MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)"]
        let stack = try await ProcessStack.startAccounts(environment: [
            "USER_PURGE_TARGETS": "feed=127.0.0.1:\(feedPort);bucketlists=127.0.0.1:\(bucketListsPort)"
        ])
        let (media, _) = try await stack.startMedia(port: mediaPort)
        let (events, eventsPort) = try await stack.startEvents()
        let (feed, _) = try await stack.startFeed(
            eventsPort: eventsPort, port: feedPort,
            environment: [
                "BUCKETLISTS_ADDRESS": "127.0.0.1:\(bucketListsPort)", "RELATIONS_CACHE_TTL": "0s",
            ])
        let (trips, tripsPort) = try await stack.startTrips()
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
        let (bucketLists, _) = try await stack.startBucketLists(
            port: bucketListsPort,
            environment: mediaAddress.merging([
                "RELATIONS_CACHE_TTL": "0s", "TRENDING_INTERVAL": "1s",
            ]) { _, new in new })
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: mediaAddress.merging([
                "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
            ]) { _, new in new })
        try await body(http, Users(http: http))
        await expectCleanStops(gateway, bucketLists, budget, trips, feed, events, media, stack.accounts)
    }
}
