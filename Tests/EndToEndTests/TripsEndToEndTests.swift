import Foundation
import MediaTesting
import PostgresNIO
import RoamTesting
import Testing

/// Trips as a real process behind the real gateway: a traveller's trips over HTTP, a deleted trip
/// reaching media through the trips outbox, and a deleted account reaching trips through accounts'.
@Suite(.serialized) struct TripsEndToEndTests {
    @Test func tripsThroughTheGatewayAndTheirDeletionReachesMediaAndAccountsDeletionReachesTrips() async throws {
        let (tripsPort, mediaPort) = (FreePort.next(), FreePort.next())
        let stack = try await ProcessStack.startAccounts(environment: [
            "USER_PURGE_TARGETS": "trips=127.0.0.1:\(tripsPort)",
            "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)",
        ])
        let (media, _) = try await stack.startMedia(port: mediaPort)
        let (events, eventsPort) = try await stack.startEvents()
        let (feed, feedPort) = try await stack.startFeed(eventsPort: eventsPort)
        let (trips, _) = try await stack.startTrips(
            port: tripsPort,
            environment: [
                "TRIP_PURGE_TARGETS": "media=127.0.0.1:\(mediaPort)",
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)",
            ])
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists()
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: [
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)", "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
                // `eventually` asks again and again.
                "RATE_LIMIT_PER_USER": "1000", "RATE_LIMIT_PER_USER_BURST": "1000",
            ])
        let signUp = try await http.send(
            "POST", "/v1/auth/signup",
            json: [
                "email": "traveller@example.com", "username": "traveller", "password": "correct horse battery", "displayName": "Traveller",
            ])
        let token = try #require((try signUp.json()["tokens"] as? [String: Any])?["accessToken"] as? String)
        let lisbon: [String: Any] = [
            "title": "Lisbon", "destination": ["name": "Lisbon"], "startDate": "2031-06-10", "endDate": "2031-06-17",
            "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
        ]
        let created = try await http.send("POST", "/v1/trips", json: lisbon, token: token, headers: ["Idempotency-Key": "e2e-trip"])
        #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
        let tripID = try #require(try created.json()["id"] as? String)
        let retried = try await http.send("POST", "/v1/trips", json: lisbon, token: token, headers: ["Idempotency-Key": "e2e-trip"])
        #expect(try retried.json()["id"] as? String == tripID)
        let calendar = try await http.send("GET", "/v1/me/calendar?month=2031-06", token: token).json()
        #expect((calendar["trips"] as? [[String: Any]])?.count == 1)

        // Pins over a real media library: a photo taken in Stockholm on 1 May 2024 becomes the cover of a pin
        // 100 m away, is listed near it, and draws the day's route once the pin is gone.
        let geotagged = try await http.send(
            "POST", "/v1/media", body: try TestPhoto.bytes(exif: TestPhoto.cameraFields), token: token,
            headers: ["Content-Type": "image/jpeg"])
        let geotaggedID = try #require(try geotagged.json()["mediaId"] as? String)
        let stockholm = try #require(
            try await http.send(
                "POST", "/v1/trips",
                json: [
                    "title": "Stockholm", "destination": ["name": "Stockholm"], "startDate": "2024-04-30", "endDate": "2024-05-02",
                    "timeZone": "Europe/Stockholm", "homeCurrency": "SEK",
                ], token: token
            ).json()["id"] as? String)
        let pinned = try await http.send(
            "POST", "/v1/trips/\(stockholm)/pins",
            json: [
                "title": "Gamla stan", "description": "Old town", "point": ["latitude": 59.3338, "longitude": 18.0667],
                "visitedAt": "2024-05-01T09:00:00Z",
            ], token: token)
        #expect(pinned.status == 201, "\(String(decoding: pinned.body, as: UTF8.self))")
        let pinID = try #require(try pinned.json()["id"] as? String)
        #expect((try pinned.json()["cover"] as? [String: Any])?["mediaId"] as? String == geotaggedID)
        let near = try await http.send("GET", "/v1/trips/\(stockholm)/pins/\(pinID)/photos", token: token).json()
        let nearPhotos = try #require(near["photos"] as? [[String: Any]])
        #expect(nearPhotos.map { $0["mediaId"] as? String } == [geotaggedID])
        #expect((nearPhotos.first?["distanceMeters"] as? Double).map { (80...140).contains($0) } == true)
        #expect(try await http.send("DELETE", "/v1/trips/\(stockholm)/pins/\(pinID)", token: token).status == 204)
        let route = try await http.send("GET", "/v1/trips/\(stockholm)/days/2024-05-01/route", token: token).json()
        #expect(route["source"] as? String == "photos" && (route["features"] as? [Any])?.count == 1)
        #expect(try await http.send("DELETE", "/v1/trips/\(stockholm)", token: token).status == 204)

        // A photo of the owner's library in a journal entry: attached through media under the trip.
        let photo = try await http.send("POST", "/v1/media", body: try TestPhoto.bytes(), token: token, headers: ["Content-Type": "image/jpeg"])
        let photoID = try #require(try photo.json()["mediaId"] as? String)
        let written = try await http.send(
            "POST", "/v1/trips/\(tripID)/journal",
            json: [
                "title": "Arrival", "body": "Trams and tiles.", "date": "2031-06-10", "mediaIds": [photoID],
            ], token: token)
        #expect(written.status == 201, "\(String(decoding: written.body, as: UTF8.self))")
        let entryID = try #require(try written.json()["id"] as? String)
        #expect((try written.json()["cover"] as? [String: Any])?["mediaId"] as? String == photoID)
        let subject = "trip/\(tripID)/journal/\(entryID)"
        func attached() async -> [String] {
            let page = try? await http.send("GET", "/v1/me/media?subject=\(subject)", token: token).json()
            return (page?["media"] as? [[String: Any]])?.compactMap { $0["mediaId"] as? String } ?? []
        }
        #expect(await attached() == [photoID])

        // A photo without GPS, taken at 09:00:30 UTC, takes its position from the track recorded around it,
        // marked as inferred; the owner clears it, and it is not inferred again.
        let noGPS = try await http.send(
            "POST", "/v1/media",
            body: try TestPhoto.bytes(exif: [
                "exif-ifd2-DateTimeOriginal": "2031:06:12 10:00:30", "exif-ifd2-OffsetTimeOriginal": "+01:00",
            ]), token: token, headers: ["Content-Type": "image/jpeg"])
        let noGPSID = try #require(try noGPS.json()["mediaId"] as? String)
        let uploaded = try noGPS.json()
        #expect(uploaded["position"] == nil)
        #expect(try await http.send("PUT", "/v1/trips/\(tripID)/tracking", json: ["enabled": true], token: token).status == 200)
        let tracked = try await http.send(
            "POST", "/v1/trips/\(tripID)/track",
            json: [
                "points": [
                    ["at": "2031-06-12T09:00:00Z", "latitude": 38.7100, "longitude": -9.1400, "accuracyMeters": 5],
                    ["at": "2031-06-12T09:01:00Z", "latitude": 38.7110, "longitude": -9.1400, "accuracyMeters": 5],
                ]
            ], token: token)
        #expect(try tracked.json()["photosLocated"] as? Int == 1, "\(String(decoding: tracked.body, as: UTF8.self))")
        let placed = try await http.send("GET", "/v1/media/\(noGPSID)", token: token).json()
        #expect(placed["positionInferred"] as? Bool == true)
        #expect(abs(((placed["position"] as? [String: Any])?["latitude"] as? Double ?? 0) - 38.7105) < 1e-6, "halfway in time, halfway along")
        let cleared = try await http.send("DELETE", "/v1/media/\(noGPSID)/inferred-position", token: token)
        let clearedItem = try cleared.json()
        #expect(cleared.status == 200 && clearedItem["position"] == nil && clearedItem["positionInferred"] == nil)
        #expect(try await http.send("DELETE", "/v1/media/\(noGPSID)/inferred-position", token: token).status == 404, "cleared already")
        #expect(try await http.send("POST", "/v1/trips/\(tripID)/photos/locate", token: token).json()["located"] as? Int == 0)
        let stillCleared = try await http.send("GET", "/v1/media/\(noGPSID)", token: token).json()
        #expect(stillCleared["position"] == nil)

        // Deleting the trip reaches media through the trips outbox: the photo stays in the library, detached.
        #expect(try await http.send("DELETE", "/v1/trips/\(tripID)", token: token).status == 204)
        #expect(try await http.send("GET", "/v1/trips/\(tripID)", token: token).status == 404)
        #expect(await eventually { await attached().isEmpty })
        #expect(try await http.send("GET", "/v1/media/\(photoID)", token: token).status == 200)

        // An operator loads the catalog with `roam places import`, which hands it to trips; importing
        // again updates by source id; a bad row is named as the file has it.
        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("places-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: csv) }
        try Data(
            "source_id,name,category,latitude,longitude,rating,rating_count,price_level\nosm/1,Tasca,restaurant,38.7115,-9.1440,4.6,200,1\nosm/2,Miradouro,viewpoint,38.7170,-9.1300,,,\n"
                .utf8
        )
        .write(to: csv)
        #expect(
            try await roam(["places", "import", csv.path], tripsPort: tripsPort) == (
                0, "2 places added, 0 updated, 0 skipped (no name, position or kind the catalog keeps)\n"
            ))
        #expect(try await roam(["places", "import", csv.path], tripsPort: tripsPort).output.hasPrefix("0 places added, 2 updated"))
        let badCSV = csv.deletingLastPathComponent().appendingPathComponent("bad-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: badCSV) }
        try Data("source_id,name,category,latitude,longitude\nosm/3,Ok,park,38.7,-9.1\nosm/4,Nowhere,spaceport,38.7,-9.1\n".utf8).write(to: badCSV)
        let refused = try await roam(["places", "import", badCSV.path], tripsPort: tripsPort)
        #expect(refused.status == 2 && refused.output.contains("place 2.category"), "\(refused.output)")
        let places = try await http.send("GET", "/v1/places/nearby?lat=38.7139&lng=-9.1394&sort=rating_desc", token: token).json()
        #expect((places["places"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Tasca", "Miradouro"])

        // Deleting the account reaches trips through the accounts outbox.
        let second = try await http.send("POST", "/v1/trips", json: lisbon, token: token)
        #expect(second.status == 201, "\(String(decoding: second.body, as: UTF8.self))")
        #expect(try await tripCount(stack.adminURL) == 1)
        #expect(try await http.send("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: token).status == 204)
        #expect(await eventually { (try? await tripCount(stack.adminURL)) == 0 })
        await expectCleanStops(gateway, bucketLists, budget, trips, feed, events, media, stack.accounts)
    }

    /// Runs the `roam` command against the trips service at `tripsPort`.
    func roam(_ arguments: [String], tripsPort: Int) async throws -> (status: Int32, output: String) {
        try await runRoam(arguments, environment: ["TRIPS_ADDRESS": "127.0.0.1:\(tripsPort)"])
    }

    /// Rows in `trips.trips`, read as the administrator.
    func tripCount(_ adminURL: String) async throws -> Int {
        try await ProcessStack.withAdmin(adminURL) { client in
            var count = 0
            for try await value in try await client.query("SELECT count(*)::int FROM trips.trips").decode(Int.self) { count = value }
            return count
        }
    }
}
