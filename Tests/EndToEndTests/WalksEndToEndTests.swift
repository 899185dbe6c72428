import Foundation
import MediaTesting
import RoamTesting
import Testing

/// Walks through the gateway with every service a real process on real PostgreSQL: take a walk, add a
/// photo and a point of interest, finish and post it, find it by words and nearness, rate and comment
/// on it, carry it out and in as GPX, and see it go with its owner's account.
@Suite(.serialized) struct WalksEndToEndTests {
    static let alfama = (latitude: 38.7118, longitude: -9.1300)

    @Test func aWalkIsTakenPostedFoundRatedCommentedAndCarriedAsGPX() async throws {
        let (mediaPort, feedPort, tripsPort, bucketListsPort) = (FreePort.next(), FreePort.next(), FreePort.next(), FreePort.next())
        let mediaAddress = ["MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)"]
        let stack = try await ProcessStack.startAccounts(environment: [
            "USER_PURGE_TARGETS": "feed=127.0.0.1:\(feedPort);trips=127.0.0.1:\(tripsPort)"
        ])
        let (media, _) = try await stack.startMedia(port: mediaPort)
        let (events, eventsPort) = try await stack.startEvents()
        let (feed, _) = try await stack.startFeed(
            eventsPort: eventsPort, port: feedPort,
            environment: [
                "TRIPS_ADDRESS": "127.0.0.1:\(tripsPort)", "RELATIONS_CACHE_TTL": "0s",
            ])
        let (trips, _) = try await stack.startTrips(
            port: tripsPort,
            environment: mediaAddress.merging([
                "RELATIONS_CACHE_TTL": "0s", "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)",
            ]) { _, new in new })
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
        let (bucketLists, _) = try await stack.startBucketLists(port: bucketListsPort)
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: mediaAddress.merging([
                "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
                // A big GPX import on a loaded two-core run can take longer than the default 5 s.
                "UPSTREAM_TIMEOUT": "30s",
            ]) { _, new in new })
        let users = BucketListsEndToEndTests.Users(http: http)
        let (ana, bo) = (try await users.signUp("walker"), try await users.signUp("reader"))
        let iso = ISO8601DateFormatter()
        let started = Date().addingTimeInterval(-1_800)

        // Start, record the path in two batches (one point sent twice), add a photo and a point of interest.
        let start = try await http.send(
            "POST", "/v1/walks",
            json: [
                "title": "Alfama to the castle", "description": "Steep lanes and a view", "tags": ["#history", "views"],
                "start": ["point": ["latitude": Self.alfama.latitude, "longitude": Self.alfama.longitude], "name": "Alfama"],
                "destination": ["point": ["latitude": 38.7139, "longitude": -9.1334], "name": "Castelo de São Jorge"],
                "startedAt": iso.string(from: started),
            ], token: ana.token, headers: ["Idempotency-Key": "walk-1"])
        #expect(start.status == 201, "\(start.text)")
        let walkID = try #require(try start.json()["id"] as? String)
        #expect(try start.json()["status"] as? String == "ongoing" && start.json()["visibility"] as? String == "private")
        let points: [[String: Any]] = (0..<40).map { index -> [String: Any] in
            let step = Double(index)
            let at: String = iso.string(from: started.addingTimeInterval((step + 1) * 30))
            let latitude: Double = Self.alfama.latitude + step * 0.00005
            let longitude: Double = Self.alfama.longitude - step * 0.00008
            return ["at": at, "latitude": latitude, "longitude": longitude, "accuracyMeters": 5]
        }
        let first = try await http.send("POST", "/v1/walks/\(walkID)/points", json: ["points": Array(points.prefix(21))], token: ana.token)
        #expect(try first.json()["recorded"] as? Int == 21, "\(first.text)")
        let second = try await http.send("POST", "/v1/walks/\(walkID)/points", json: ["points": Array(points.suffix(20))], token: ana.token)
        #expect(try second.json()["recorded"] as? Int == 19 && second.json()["pointCount"] as? Int == 40)
        let photo = try await http.send(
            "POST", "/v1/media?attachmentOnly=true", body: try TestPhoto.bytes(exif: TestPhoto.cameraFields),
            token: ana.token, headers: ["Content-Type": "image/jpeg"])
        let photoID = try #require(try photo.json()["mediaId"] as? String)
        let poi = try await http.send(
            "POST", "/v1/walks/\(walkID)/points-of-interest",
            json: [
                "point": ["latitude": 38.7125, "longitude": -9.1318], "name": "Miradouro de Santa Luzia", "note": "Tiles and the river",
                "mediaIds": [photoID],
            ], token: ana.token)
        #expect(poi.status == 201, "\(poi.text)")
        let cover = try await http.send(
            "POST", "/v1/media?attachmentOnly=true", body: try TestPhoto.bytes(width: 300, height: 200),
            token: ana.token, headers: ["Content-Type": "image/jpeg"])
        let coverID = try #require(try cover.json()["mediaId"] as? String)
        let withPhoto = try await http.send("PATCH", "/v1/walks/\(walkID)", json: ["mediaIds": [coverID]], token: ana.token)
        #expect(try withPhoto.json()["mediaIds"] as? [String] == [coverID], "\(withPhoto.text)")
        #expect(
            try await http.send("PATCH", "/v1/walks/\(walkID)", json: ["mediaIds": [photoID, photoID]], token: ana.token).problemFields == [
                "mediaIds"
            ])
        let future = try await http.send("POST", "/v1/walks/\(walkID)/finish?finishedAt=2999-01-01T00:00:00Z", token: ana.token)
        #expect(future.status == 400 && future.problemFields == ["finishedAt"], "\(future.text)")
        let garbled = try await http.send("POST", "/v1/walks/\(walkID)/finish?finishedAt=soon", token: ana.token)
        #expect(garbled.status == 400 && garbled.problemFields == ["finishedAt"], "\(garbled.text)")
        let posting = try await http.send("PUT", "/v1/walks/\(walkID)/visibility", json: ["visibility": "public"], token: ana.token)
        #expect(posting.status == 409 && posting.reason == "WALK_ONGOING")

        // Done: private, with its distance and duration; nobody else sees it until it is posted.
        let done = try await http.send("POST", "/v1/walks/\(walkID)/finish", token: ana.token)
        #expect(done.status == 200, "\(done.text)")
        let finished = try done.json()
        #expect(finished["status"] as? String == "finished" && finished["visibility"] as? String == "private")
        #expect((finished["distanceMeters"] as? Double ?? 0) > 300 && (finished["durationSeconds"] as? Int ?? 0) >= 1_800)
        #expect(try await http.send("POST", "/v1/walks/\(walkID)/points", json: ["points": [points[0]]], token: ana.token).reason == "WALK_FINISHED")
        #expect(try await http.send("GET", "/v1/walks/\(walkID)", token: bo.token).status == 404)
        func found(_ query: String, as user: BucketListsEndToEndTests.User) async throws -> [String] {
            let reply = try await http.send("GET", "/v1/walks?\(query)", token: user.token)
            #expect(reply.status == 200, "\(query): \(reply.text)")
            return (try reply.json()["walks"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        }
        #expect(try await found("q=miradouro", as: bo).isEmpty)
        #expect(try await found("q=miradouro", as: ana) == [walkID], "one's own private walk")
        #expect(try await http.send("PUT", "/v1/walks/\(walkID)/visibility", json: ["visibility": "public"], token: ana.token).status == 200)

        // Found by words (a point of interest's too), by tag, and where the path passes.
        #expect(try await found("q=castle%20lanes", as: bo) == [walkID])
        #expect(try await found("q=miradouro%20tiles", as: bo) == [walkID])
        #expect(try await found("tag=history", as: bo) == [walkID])
        let middle = points[20]
        let near = try await http.send("GET", "/v1/walks?lat=\(middle["latitude"]!)&lng=\(middle["longitude"]!)&radius=50", token: bo.token)
        let hit = try #require((try near.json()["walks"] as? [[String: Any]])?.first)
        #expect(hit["id"] as? String == walkID && (hit["distanceFromPointMeters"] as? Double ?? 99) < 1)
        #expect((hit["preview"] as? [Any])?.count ?? 0 >= 2)
        #expect(try await found("lat=38.80&lng=-9.13&radius=1000", as: bo).isEmpty)
        let walk = try await http.send("GET", "/v1/walks/\(walkID)", token: bo.token).json()
        let walkPhoto = try #require((walk["media"] as? [[String: Any]])?.first?["preview"] as? String)
        #expect(try await http.send("GET", walkPhoto).status == 200, "the walk's own photo through its signed link")
        let poiLink = try #require(
            ((walk["pointsOfInterest"] as? [[String: Any]])?.first?["media"] as? [[String: Any]])?.first?["thumbnail"] as? String)
        #expect(try await http.send("GET", poiLink).status == 200, "the photo through its signed link")

        // Rated (not by its owner), commented on through the feed, liked.
        #expect(try await http.send("PUT", "/v1/walks/\(walkID)/rating", json: ["rating": 5], token: ana.token).reason == "OWN_WALK")
        #expect(try await http.send("PUT", "/v1/walks/\(walkID)/rating", json: ["rating": 9], token: bo.token).status == 400)
        _ = try await http.send("PUT", "/v1/walks/\(walkID)/rating", json: ["rating": 2], token: bo.token)
        let rated = try await http.send("PUT", "/v1/walks/\(walkID)/rating", json: ["rating": 4], token: bo.token).json()
        #expect(rated["ratingAverage"] as? Double == 4 && rated["ratingCount"] as? Int == 1 && rated["myRating"] as? Int == 4)
        let comment = try await http.send("POST", "/v1/walks/\(walkID)/comments", json: ["text": "Did it today!"], token: bo.token)
        #expect(comment.status == 201, "\(comment.text)")
        let commentID = try #require(try comment.json()["commentId"] as? String)
        #expect(try await http.send("PUT", "/v1/comments/\(commentID)/like", token: ana.token).status == 200)
        let thread = try await http.send("GET", "/v1/walks/\(walkID)/comments", token: ana.token).json()["comments"] as? [[String: Any]]
        #expect(thread?.first?["likeCount"] as? Int == 1)

        // The path as pages and as GeoJSON; the walk as GPX, imported back as the same points and times.
        let page = try await http.send("GET", "/v1/walks/\(walkID)/path?pageSize=25", token: bo.token).json()
        #expect((page["points"] as? [Any])?.count == 25 && page["nextPageToken"] != nil)
        let geojson = try await http.send("GET", "/v1/walks/\(walkID)/path.geojson", token: bo.token)
        #expect(geojson.header("Content-Type")?.hasPrefix("application/geo+json") == true)
        #expect(((try geojson.json()["geometry"] as? [String: Any])?["coordinates"] as? [Any])?.count == 40)
        let gpx = try await http.send("GET", "/v1/walks/\(walkID)/gpx", token: bo.token)
        #expect(gpx.status == 200 && gpx.text.contains("<wpt") && gpx.text.components(separatedBy: "<trkpt").count == 41)
        let imported = try await http.send(
            "POST", "/v1/walks/gpx", body: gpx.body, token: bo.token,
            headers: ["Content-Type": "application/gpx+xml", "Idempotency-Key": "gpx-1"])
        #expect(imported.status == 201, "\(imported.text)")
        let importedID = try #require(try imported.json()["id"] as? String)
        #expect(try imported.json()["visibility"] as? String == "private" && imported.json()["pointCount"] as? Int == 40)
        let again = try await http.send("GET", "/v1/walks/\(importedID)/gpx", token: bo.token)
        func trackPoints(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.contains("<trkpt") } }
        #expect(trackPoints(again.text) == trackPoints(gpx.text), "the same points and times")
        // A GPX file says nothing of accuracy: its points have none, not 0 m.
        let importedPath = try await http.send("GET", "/v1/walks/\(importedID)/path?pageSize=5", token: bo.token).json()["points"] as? [[String: Any]]
        #expect(importedPath?.count == 5 && importedPath?.allSatisfy { $0["accuracyMeters"] == nil } == true, "\(importedPath ?? [])")
        let recordedPath = try await http.send("GET", "/v1/walks/\(walkID)/path?pageSize=5", token: bo.token).json()["points"] as? [[String: Any]]
        #expect(recordedPath?.allSatisfy { $0["accuracyMeters"] != nil } == true, "points sent with an accuracy keep it")
        #expect(
            try await http.send(
                "POST", "/v1/walks/gpx", body: Data("<gpx><trk>".utf8), token: bo.token,
                headers: ["Content-Type": "application/gpx+xml"]
            ).problemFields == ["gpx"])
        #expect(
            try await http.send(
                "POST", "/v1/walks/gpx", body: Data("{}".utf8), token: bo.token,
                headers: ["Content-Type": "application/json"]
            ).status == 415)
        let history = try await http.send("GET", "/v1/me/walks", token: bo.token).json()["walks"] as? [[String: Any]]
        #expect(history?.compactMap { $0["id"] as? String } == [importedID])

        // The largest file taken (4 MiB) is imported; a byte more is refused before trips reads any of it.
        // Its 2,000 points are as a watch writes them (heart rate and cadence in Garmin's extension), the
        // rest a comment: a full file's 16,000 points parse in 0.18 s, but storing them takes longer than
        // the calls' 5 s deadlines while this suite loads both cores with debug builds.
        var largest = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        let trailer = "</trkseg></trk></gpx>\n"
        let startOfDay = Date(timeIntervalSince1970: 1_780_000_000)
        let count = 2_000
        for index in 0..<count {
            largest +=
                "<trkpt lat=\"\(38.7 + Double(index) * 0.00001)\" lon=\"-9.1\"><ele>12.5</ele><time>"
                + startOfDay.addingTimeInterval(Double(index)).formatted(.iso8601) + "</time><extensions><gpxtpx:TrackPointExtension "
                + "xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\"><gpxtpx:hr>118</gpxtpx:hr>"
                + "<gpxtpx:cad>82</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>\n"
        }
        largest += "<!--" + String(repeating: "x", count: (4 << 20) - largest.utf8.count - trailer.utf8.count - 8) + "-->\n" + trailer
        #expect(largest.utf8.count == 4 << 20)
        let importing = ContinuousClock.now
        let big = try await http.send(
            "POST", "/v1/walks/gpx", body: Data(largest.utf8), token: bo.token, headers: ["Content-Type": "application/gpx+xml"])
        print("GPX import of \(largest.utf8.count) bytes (\(count) points) through the gateway: \(ContinuousClock.now - importing)")
        #expect(big.status == 201 && (try? big.json()["pointCount"] as? Int) == count, "\(big.status) \(big.text.prefix(300))")
        let tooBig = try await http.send(
            "POST", "/v1/walks/gpx", body: Data((largest + " ").utf8), token: bo.token,
            headers: ["Content-Type": "application/gpx+xml"])
        #expect(tooBig.reason == "BODY_TOO_LARGE" && tooBig.problemFields == ["gpx"], "\(tooBig.status) \(tooBig.text.prefix(300))")

        // Wrong and hostile input: a clear 400 or 404.
        #expect(try await http.send("GET", "/v1/walks?lat=38.7", token: bo.token).problemFields == ["lng"])
        #expect(try await http.send("GET", "/v1/walks?sort=distance", token: bo.token).problemFields == ["sort"])
        #expect(try await http.send("GET", "/v1/walks?lat=38.7&lng=-9.1&radius=0", token: bo.token).problemFields == ["radius"])
        #expect(try await http.send("POST", "/v1/walks/\(walkID)/points", json: ["points": [points[0]]], token: bo.token).status == 404)
        #expect(try await http.send("GET", "/v1/walks/\(walkID)/path?pageToken=garbage", token: bo.token).problemFields == ["pageToken"])
        #expect(
            try await http.send(
                "POST", "/v1/walks", json: ["title": "X", "start": ["point": ["latitude": 100, "longitude": 0]]],
                token: bo.token
            ).problemFields == ["start.point.latitude"])

        // Made private again: gone for others; the owner's account deleted: gone altogether, rating and all.
        #expect(try await http.send("PUT", "/v1/walks/\(walkID)/visibility", json: ["visibility": "private"], token: ana.token).status == 200)
        #expect(try await http.send("GET", "/v1/walks/\(walkID)", token: bo.token).status == 404)
        #expect(try await http.send("PUT", "/v1/walks/\(walkID)/visibility", json: ["visibility": "public"], token: ana.token).status == 200)
        #expect(try await http.send("GET", "/v1/walks/\(walkID)", token: bo.token).status == 200)
        #expect(try await http.send("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: ana.token).status == 204)
        #expect(await eventually { (try? await http.send("GET", "/v1/walks/\(walkID)", token: bo.token).status) == 404 })
        await expectCleanStops(gateway, bucketLists, budget, trips, feed, events, media, stack.accounts)
    }

    @Test func aGroupWalkIsJoinedByInvitationAndItsSharersSeeEachOtherOnlyWhileItIsOn() async throws {
        let (mediaPort, feedPort, tripsPort, bucketListsPort) = (FreePort.next(), FreePort.next(), FreePort.next(), FreePort.next())
        let mediaAddress = ["MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)"]
        let stack = try await ProcessStack.startAccounts()
        let (media, _) = try await stack.startMedia(port: mediaPort)
        let (events, eventsPort) = try await stack.startEvents(environment: ["TRIPS_ADDRESS": "127.0.0.1:\(tripsPort)", "RELATIONS_CACHE_TTL": "0s"])
        let (feed, _) = try await stack.startFeed(eventsPort: eventsPort, port: feedPort)
        let (trips, _) = try await stack.startTrips(
            port: tripsPort, environment: mediaAddress.merging(["EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)"]) { _, new in new })
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
        let (bucketLists, _) = try await stack.startBucketLists(port: bucketListsPort)
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: mediaAddress.merging([
                "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
                // A big GPX import on a loaded two-core run can take longer than the default 5 s.
                "UPSTREAM_TIMEOUT": "30s",
            ]) { _, new in new })
        let users = BucketListsEndToEndTests.Users(http: http)
        let (host, bo, cy) = (try await users.signUp("guide"), try await users.signUp("walker"), try await users.signUp("stranger"))
        let route = try await users.create(
            "/v1/walks",
            [
                "title": "Riverside loop", "start": ["point": ["latitude": Self.alfama.latitude, "longitude": Self.alfama.longitude]],
            ], as: host)
        let iso = ISO8601DateFormatter()
        func groupWalk(_ privacy: String, startsIn seconds: TimeInterval) async throws -> HTTPTestClient.Reply {
            try await http.send(
                "POST", "/v1/events",
                json: [
                    "name": "Evening walk", "center": ["latitude": Self.alfama.latitude, "longitude": Self.alfama.longitude], "radiusMeters": 100,
                    "capacity": 10, "durationSeconds": 900, "startsAt": iso.string(from: Date().addingTimeInterval(seconds)),
                    "groupWalk": ["walkId": route, "privacy": privacy],
                ], token: host.token)
        }
        let strangers = try await http.send(
            "POST", "/v1/events",
            json: [
                "name": "Not mine", "center": ["latitude": 1, "longitude": 1], "radiusMeters": 100, "capacity": 10, "durationSeconds": 900,
                "groupWalk": ["walkId": route, "privacy": "everyone"],
            ], token: bo.token)
        #expect(strangers.status == 400 && strangers.problemFields == ["groupWalk.walkId"], "a walk Bo may not see: \(strangers.text)")
        // Far enough ahead that the steps before it finish on a loaded machine (4 s once was not).
        let startsAt = Date().addingTimeInterval(20)
        let created = try await groupWalk("invited", startsIn: startsAt.timeIntervalSinceNow)
        #expect(created.status == 201, "\(created.text)")
        let eventID = try #require(try created.json()["eventId"] as? String)
        #expect((try created.json()["groupWalk"] as? [String: Any])?["privacy"] as? String == "invited")

        // Invited by username; a stranger may not join; the invitee accepts from anywhere, before the start.
        let invited = try await http.send(
            "POST", "/v1/events/\(eventID)/invitations", json: ["usernames": [bo.name, "nobody_\(UUID().uuidString.prefix(6))"]],
            token: host.token)
        #expect(invited.status == 400 && invited.problemFields == ["usernames[1]"], "\(invited.text)")
        let sent = try await http.send("POST", "/v1/events/\(eventID)/invitations", json: ["usernames": [bo.name]], token: host.token)
        #expect(try sent.json()["invited"] as? [String] == [bo.name], "\(sent.text)")
        let mine = try await http.send("GET", "/v1/me/invitations", token: bo.token).json()["invitations"] as? [[String: Any]]
        #expect(mine?.first?["state"] as? String == "pending")
        let refused = try await http.send("POST", "/v1/events/\(eventID)/join", json: [:], token: cy.token)
        #expect(refused.status == 403 && refused.reason == "INVITATION_REQUIRED", "\(refused.text)")
        #expect(try await http.send("GET", "/v1/walks/\(route)", token: bo.token).status == 404, "the host's private walk, before joining")
        let accepted = try await http.send("POST", "/v1/events/\(eventID)/accept", token: bo.token)
        #expect(try accepted.status == 200 && (accepted.json()["outcome"] as? String) == "joined", "\(accepted.text)")
        // A member reads the walk the group walk follows, its path and its GPX; a stranger does not.
        let followed = try await http.send("GET", "/v1/walks/\(route)", token: bo.token)
        #expect(try followed.status == 200 && followed.json()["title"] as? String == "Riverside loop", "\(followed.text)")
        #expect(try await http.send("GET", "/v1/walks/\(route)/path", token: bo.token).status == 200)
        #expect(try await http.send("GET", "/v1/walks/\(route)/gpx", token: bo.token).status == 200)
        #expect(try await http.send("GET", "/v1/walks/\(route)", token: cy.token).status == 404)
        #expect(try await http.send("PUT", "/v1/walks/\(route)/rating", json: ["rating": 5], token: bo.token).status == 404, "reading only")

        // Sharing: nothing before the start; then each sharer's position, from anywhere, while it is on.
        for user in [host, bo] {
            #expect(try await http.send("PUT", "/v1/events/\(eventID)/sharing", json: ["share": true], token: user.token).status == 200)
        }
        #expect(try await http.send("GET", "/v1/events/\(eventID)/positions", token: bo.token).reason == "WALK_NOT_LIVE")
        #expect(try await http.send("GET", "/v1/events/\(eventID)/positions", token: cy.token).status == 403)
        try await Task.sleep(for: .seconds(max(0, startsAt.timeIntervalSinceNow) + 1))
        let far = ["latitude": 38.75, "longitude": -9.20, "accuracyMeters": 12]
        let presence = try await http.send("POST", "/v1/me/location", json: far, token: bo.token)
        #expect((try presence.json()["memberOfEventIds"] as? [String])?.contains(eventID) == true, "still a member 7 km away: \(presence.text)")
        let positions = try await http.send("GET", "/v1/events/\(eventID)/positions", token: host.token).json()["positions"] as? [[String: Any]]
        let boPosition = positions?.first { $0["position"] != nil }
        #expect((boPosition?["position"] as? [String: Any])?["latitude"] as? Double == 38.75, "\(positions ?? [])")
        #expect(positions?.count == 2)
        // Everything else of an event works for a group walk: its members post in it.
        let post = try await http.send("POST", "/v1/events/\(eventID)/posts", json: ["text": "Meeting at the fountain"], token: bo.token)
        #expect(post.status == 201, "\(post.text)")
        #expect(try await http.send("POST", "/v1/events/\(eventID)/posts", json: ["text": "Me too"], token: cy.token).status == 403)

        // Ended by its host: the walk and every position are gone.
        #expect(try await http.send("DELETE", "/v1/events/\(eventID)", token: host.token).status == 204)
        #expect(try await http.send("GET", "/v1/events/\(eventID)/positions", token: bo.token).status == 404)
        #expect(try await http.send("GET", "/v1/walks/\(route)", token: bo.token).status == 404, "the walk is the host's again")

        // Among friends: people who follow each other only.
        let friendsOnly = try #require(try await groupWalk("friends", startsIn: 60).json()["eventId"] as? String)
        #expect(try await http.send("POST", "/v1/events/\(friendsOnly)/join", json: [:], token: cy.token).reason == "FRIENDS_ONLY")
        _ = try await http.send("PUT", "/v1/users/\(host.name)/follow", token: cy.token)
        _ = try await http.send("PUT", "/v1/users/\(cy.name)/follow", token: host.token)
        #expect(try await http.send("POST", "/v1/events/\(friendsOnly)/join", json: [:], token: cy.token).status == 200)
        #expect(try await http.send("GET", "/v1/walks/\(route)", token: cy.token).status == 200, "a friends' walk's member reads it too")

        // With events down, a reader trips cannot let in alone is told it is unavailable, not that the walk is gone.
        await expectCleanStops(events)
        let outage = try await http.send("GET", "/v1/walks/\(route)", token: cy.token)
        #expect(outage.status == 503, "\(outage.text)")
        #expect(try await http.send("GET", "/v1/walks/\(route)", token: host.token).status == 200, "its owner needs no one else")
        await expectCleanStops(gateway, bucketLists, budget, trips, feed, media, stack.accounts)
    }
}
