import Foundation
import MediaTesting
import RoamTesting
import Testing

/// Accounts, events, feed, media and the gateway as real processes over real HTTP/2 and PostgreSQL:
/// photos uploaded through the gateway, attached to a story by the feed through media, read by another
/// user only through signed links without metadata; an event's banner and post pictures gone once the event is.
@Suite(.serialized) struct MediaEndToEndTests {
    @Test func aStoryWithTwoPhotosIsReadByAnotherUserThroughSignedLinksAndABannerGoesWithItsEvent() async throws {
        let media = FileManager.default.temporaryDirectory.appendingPathComponent("roam-e2e-media-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: media) }
        let (mediaPort, feedPort) = (FreePort.next(), FreePort.next())
        let mediaAddress = ["MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)"]
        let stack = try await ProcessStack.startAccounts(environment: mediaAddress)
        let (mediaProcess, _) = try await stack.startMedia(port: mediaPort, environment: ["MEDIA_DIRECTORY": media.path])
        let (events, eventsPort) = try await stack.startEvents(
            environment: mediaAddress.merging([
                "EVENT_PURGE_TARGETS": "feed=127.0.0.1:\(feedPort);media=127.0.0.1:\(mediaPort)"
            ]) { _, new in new })
        let (feed, _) = try await stack.startFeed(eventsPort: eventsPort, port: feedPort, environment: mediaAddress)
        let (trips, tripsPort) = try await stack.startTrips()
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists()
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: mediaAddress.merging([
                "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
            ]) { _, new in new })

        func signUp(_ name: String) async throws -> String {
            let reply = try await http.send(
                "POST", "/v1/auth/signup",
                json: [
                    "email": "\(name)@example.com", "username": name, "password": "correct horse battery", "displayName": name,
                ])
            return try #require((try reply.json()["tokens"] as? [String: Any])?["accessToken"] as? String)
        }
        func upload(_ photo: Data, as token: String) async throws -> String {
            let reply = try await http.send(
                "POST", "/v1/media?attachmentOnly=true", body: photo, token: token,
                headers: ["Content-Type": "image/jpeg"])
            #expect(reply.status == 201)
            return try #require(try reply.json()["mediaId"] as? String)
        }
        let (ana, bo) = (try await signUp("photo_ana"), try await signUp("photo_bo"))
        let photos = [try TestPhoto.bytes(exif: TestPhoto.cameraFields), try TestPhoto.bytes(width: 300, height: 400, exif: TestPhoto.cameraFields)]
        let ids = [try await upload(photos[0], as: ana), try await upload(photos[1], as: ana)]

        // Bo cannot post Ana's photos; Ana can.
        let place: [String: Any] = ["latitude": 57.7, "longitude": 11.97, "name": "Haga"]
        let stolen = try await http.send("POST", "/v1/stories", json: ["text": "Mine now", "mediaIds": ids, "place": place], token: bo)
        #expect(stolen.status == 403 && stolen.reason == "MEDIA_NOT_YOURS" && stolen.problemFields == ["mediaIds"])
        let story = try await http.send("POST", "/v1/stories", json: ["text": "Fika #göteborg", "mediaIds": ids, "place": place], token: ana)
        #expect(story.status == 201)
        let storyID = try #require(try story.json()["postId"] as? String)

        // Bo reads the story: two signed links per variant, each served without a token and without metadata.
        let read = try await http.send("GET", "/v1/posts/\(storyID)", token: bo).json()
        let links = try #require(read["media"] as? [[String: Any]])
        #expect(links.compactMap { $0["mediaId"] as? String } == ids)
        for link in links {
            for variant in ["original", "preview", "thumbnail"] {
                let shared = try await http.send("GET", try #require(link[variant] as? String))
                #expect(shared.status == 200 && !shared.body.isEmpty, "\(variant)")
                #expect(try !TestPhoto.hasMetadata(shared.body), "\(variant) of a shared photo carries metadata")
            }
        }
        #expect(try await http.send("GET", "/v1/media/\(ids[0])", token: bo).status == 404)
        #expect(try await http.send("GET", "/v1/media/\(ids[0])/content", token: bo).status == 404)

        // An event's banner: shown through a signed link while the event lasts, deleted when it ends.
        let bannerID = try await upload(try TestPhoto.bytes(width: 640, height: 360), as: ana)
        let created = try await http.send(
            "POST", "/v1/events",
            json: [
                "name": "Hitta night", "center": ["latitude": 57.7, "longitude": 11.97], "radiusMeters": 200, "capacity": 50,
                "durationSeconds": 3600, "bannerMediaId": bannerID,
            ], token: ana)
        #expect(created.status == 201)
        let event = try created.json()
        let bannerLink = try #require((event["banner"] as? [String: Any])?["thumbnail"] as? String)
        #expect(try await http.send("GET", bannerLink).status == 200)
        let eventID = try #require(event["eventId"] as? String)
        let postedID = try await upload(try TestPhoto.bytes(width: 200, height: 200), as: ana)
        let posted = try await http.send("POST", "/v1/events/\(eventID)/posts", json: ["text": "Doors open", "mediaIds": [postedID]], token: ana)
        #expect(posted.status == 201)
        #expect(try await http.send("DELETE", "/v1/events/\(eventID)", token: ana).status == 204)
        #expect(await eventually { (try? await http.send("GET", bannerLink).status) == 404 }, "the banner outlived its event")
        #expect(try await http.send("GET", "/v1/media/\(bannerID)", token: ana).status == 404)
        #expect(
            await eventually { (try? await http.send("GET", "/v1/media/\(postedID)", token: ana).status) == 404 },
            "a picture uploaded for an event post outlived the event")
        // The story's photos are not the event's: they stay.
        #expect(try await http.send("GET", "/v1/media/\(ids[0])", token: ana).status == 200)

        await expectCleanStops(gateway, bucketLists, budget, trips, feed, events, mediaProcess, stack.accounts)
    }
}
