import Foundation
import GRPCCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Budget
@testable import Gateway
@testable import Trips

/// `/v1/trips` and `/v1/me/calendar` through the real gateway and the real trips service (in-memory
/// rows): problem documents that name fields as the client sent them, privacy, and the calendar.
@Suite struct GatewayTripsTests {
    /// A photo taken 40 m east of `rossio` on 12 June 2031.
    static let photo = TripPhoto(
        mediaID: UUID(), capturedAt: ISO8601DateFormatter().date(from: "2031-06-12T09:00:00Z"), capturedAtIsLocal: false,
        point: rossio.moved(meters: 40, bearing: 90))
    static let rossio = GeoPoint(latitude: 38.7139, longitude: -9.1394)

    /// The catalog every gateway test sees (loaded as `roam places import` would).
    /// `notifications` feeds the trips streams; `events` stand beside trips.
    static func withTrips(
        store: InMemoryTripStore = InMemoryTripStore(), notifications: UserStreams<TripNotification> = UserStreams(),
        budgetAlerts: UserStreams<BudgetAlert> = UserStreams(), events: [any RegistrableRPCService] = [],
        media: [any RegistrableRPCService] = [], settings: GatewaySettings? = nil,
        _ body: @Sendable (HTTPTestClient) async throws -> Void
    ) async throws {
        _ = try await PlaceService(places: store).importPlaces([
            PlaceImport(
                sourceID: "node/1", name: "Tasca do Chico", category: "restaurant", point: rossio.moved(meters: 100, bearing: 0), rating: 4.6,
                ratingCount: 200, priceLevel: 1, openingHours: "24/7"),
            PlaceImport(
                sourceID: "node/2", name: "Cervejaria", category: "restaurant", point: rossio.moved(meters: 300, bearing: 90), rating: 4.8,
                ratingCount: 900, priceLevel: 3),
            PlaceImport(sourceID: "node/3", name: "Museu do Fado", category: "museum", point: rossio.moved(meters: 900, bearing: 180), priceLevel: 2),
        ])
        let trips = TripService(trips: store)
        let pins = PinService(
            trips: trips, pins: store, tracks: store, photos: StaticPhotos(photos: [photo]), media: InMemoryMediaAttachments(), places: store,
            policy: PinPolicy())
        // The budget, in memory, learning about trips from the same store.
        let budgetStore = InMemoryBudgetStore()
        let budget = BudgetGRPCService(
            budgets: BudgetService(
                trips: StoreTripDirectory(store: store), budgets: budgetStore, rates: budgetStore,
                announce: { alerts in for alert in alerts { budgetAlerts.deliver(alert, to: alert.ownerID) } }),
            notifications: budgetAlerts, alerts: budgetStore)
        try await GatewayHarness.withAccounts(
            settings: settings, events: events, media: media, budget: [budget],
            trips: [
                TripsGRPCService(
                    trips: trips, pins: pins,
                    tracks: TrackService(
                        trips: trips, tracks: store, photos: StaticPhotos(photos: [photo]), positions: StaticPhotos(photos: [photo])),
                    journal: JournalService(trips: trips, pins: pins, saved: store, journal: store, media: InMemoryMediaAttachments()),
                    places: PlaceService(places: store),
                    savedPlaces: SavedPlaceService(trips: trips, saved: store),
                    itinerary: ItineraryService(trips: trips, itinerary: store, saved: store),
                    notifications: notifications, reminders: store)
            ], body)
    }

    static var lisbon: [String: Any] {
        [
            "title": "Lisbon", "destination": ["name": "Lisbon", "point": ["latitude": 38.72, "longitude": -9.14]],
            "startDate": "2031-06-10", "endDate": "2031-06-17", "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
        ]
    }

    @Test func aTripIsCreatedListedEditedAndDeletedByItsOwnerAlone() async throws {
        try await Self.withTrips { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            let bo = try await GatewayAccountsTests.signUp(http).access
            let created = try await http.send("POST", "/v1/trips", json: Self.lisbon, token: ana, headers: ["Idempotency-Key": "trip-1"])
            #expect(created.status == 201)
            let trip = try created.json()
            let id = try #require(trip["id"] as? String)
            #expect(trip["phase"] as? String == "upcoming" && trip["dayCount"] as? Int == 8 && trip["homeCurrency"] as? String == "EUR")
            #expect(((trip["destination"] as? [String: Any])?["point"] as? [String: Any])?["latitude"] as? Double == 38.72)
            let retried = try await http.send("POST", "/v1/trips", json: Self.lisbon, token: ana, headers: ["Idempotency-Key": "trip-1"])
            #expect(try retried.json()["id"] as? String == id, "a retry with the same key answers the first trip")
            // Keys as long as the contract allows are taken; a longer one is refused naming the header.
            let longest = try await http.send(
                "POST", "/v1/trips", json: Self.lisbon, token: ana, headers: ["Idempotency-Key": String(repeating: "k", count: 200)])
            #expect(longest.status == 201, "\(longest.text)")
            let tooLong = try await http.send(
                "POST", "/v1/trips", json: Self.lisbon, token: ana, headers: ["Idempotency-Key": String(repeating: "k", count: 201)])
            #expect(tooLong.status == 400 && tooLong.problemFields == ["Idempotency-Key"], "\(tooLong.text)")
            #expect(try await http.send("DELETE", "/v1/trips/\(try #require(try longest.json()["id"] as? String))", token: ana).status == 204)

            #expect(try await http.send("GET", "/v1/trips/\(id)", token: ana).status == 200)
            let hidden = try await http.send("GET", "/v1/trips/\(id)", token: bo)
            #expect(hidden.status == 404 && hidden.reason == "NOT_FOUND")
            #expect(try await http.send("GET", "/v1/trips/\(id)").status == 401)
            #expect((try await http.send("GET", "/v1/trips", token: bo).json()["trips"] as? [Any])?.isEmpty == true)

            let edited = try await http.send("PATCH", "/v1/trips/\(id)", json: ["endDate": "2031-06-20", "title": "Lisbon and Porto"], token: ana)
            #expect(edited.status == 200)
            let editedTrip = try edited.json()
            #expect(editedTrip["dayCount"] as? Int == 11 && editedTrip["startDate"] as? String == "2031-06-10")
            #expect(try await http.send("PATCH", "/v1/trips/\(id)", json: ["title": "Mine"], token: bo).status == 404)

            let listed = try await http.send("GET", "/v1/trips?phase=upcoming", token: ana).json()
            #expect((listed["trips"] as? [[String: Any]])?.map { $0["id"] as? String } == [id])
            #expect((try await http.send("GET", "/v1/trips?phase=past", token: ana).json()["trips"] as? [Any])?.isEmpty == true)
            #expect(try await http.send("GET", "/v1/trips?phase=someday", token: ana).problemFields == ["phase"])

            let june = try await http.send("GET", "/v1/me/calendar?month=2031-06", token: ana).json()
            let entries = try #require(june["trips"] as? [[String: Any]])
            #expect(entries.count == 1 && (entries.first?["days"] as? [[String: Any]])?.count == 11)
            #expect((try await http.send("GET", "/v1/me/calendar?month=2031-07", token: ana).json()["trips"] as? [Any])?.isEmpty == true)
            #expect((try await http.send("GET", "/v1/me/calendar?month=2031-06", token: bo).json()["trips"] as? [Any])?.isEmpty == true)

            #expect(try await http.send("DELETE", "/v1/trips/\(id)", token: bo).status == 404)
            #expect(try await http.send("GET", "/v1/trips/\(id)", token: ana).status == 200, "a stranger's delete changes nothing")
            #expect(try await http.send("DELETE", "/v1/trips/\(id)", token: ana).status == 204)
            #expect(try await http.send("DELETE", "/v1/trips/\(id)", token: ana).status == 404)
            #expect(try await http.send("GET", "/v1/trips/\(id)", token: ana).status == 404)
        }
    }

    /// What a JavaScript client sends: `toISOString()` times with milliseconds, and a zone its runtime
    /// names with the current IANA name.
    @Test func aJavaScriptClientsTimesAndZonesAreTakenAndKept() async throws {
        try await Self.withTrips { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            var kolkata = Self.lisbon
            kolkata["timeZone"] = "Asia/Kolkata"
            let created = try await http.send("POST", "/v1/trips", json: kolkata, token: ana)
            #expect(created.status == 201 && (try? created.json()["timeZone"] as? String) == "Asia/Kolkata", "\(created.text)")
            let trip = try #require(try created.json()["id"] as? String)
            let pin = try await http.send(
                "POST", "/v1/trips/\(trip)/pins",
                json: [
                    "title": "Gate", "description": "India Gate", "point": ["latitude": 28.61, "longitude": 77.23],
                    "visitedAt": "2031-06-12T09:30:00.123Z",
                ], token: ana)
            #expect(pin.status == 201 && (try? pin.json()["visitedAt"] as? String) == "2031-06-12T09:30:00.123Z", "\(pin.text)")
            // Any offset; the answer is UTC to the millisecond.
            let offset = try await http.send(
                "POST", "/v1/trips/\(trip)/pins",
                json: [
                    "title": "Fort", "description": "Red Fort", "point": ["latitude": 28.66, "longitude": 77.24],
                    "visitedAt": "2031-06-12T20:00:00.5+05:30",
                ], token: ana)
            #expect(offset.status == 201 && (try? offset.json()["visitedAt"] as? String) == "2031-06-12T14:30:00.500Z", "\(offset.text)")
            for zone in ["Etc/UTC", "Asia/Saigon", "Asia/Calcutta"] {
                kolkata["timeZone"] = zone
                #expect(try await http.send("POST", "/v1/trips", json: kolkata, token: ana).status == 201, "\(zone)")
            }
            // Descriptions name fields as the client does.
            let backwards = try await http.send("PATCH", "/v1/trips/\(trip)", json: ["endDate": "2031-06-01"], token: ana)
            let described = (try backwards.json()["errors"] as? [[String: Any]])?.compactMap { $0["description"] as? String }
            #expect(backwards.problemFields == ["endDate"] && described == ["must not be before startDate"], "\(backwards.text)")
            kolkata["timeZone"] = "GMT+5"
            #expect(try await http.send("POST", "/v1/trips", json: kolkata, token: ana).problemFields == ["timeZone"])
            let yearZero = try await http.send(
                "POST", "/v1/trips/\(trip)/pins",
                json: [
                    "title": "Old", "description": "Old", "point": ["latitude": 28.61, "longitude": 77.23], "visitedAt": "0000-06-12T09:30:00Z",
                ], token: ana)
            #expect(yearZero.problemFields == ["visitedAt"])
        }
    }

    @Test func pinsTheirPhotosAndTheDaysRouteAsGeoJSON() async throws {
        try await Self.withTrips { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            let bo = try await GatewayAccountsTests.signUp(http).access
            let trip = try #require(try await http.send("POST", "/v1/trips", json: Self.lisbon, token: ana).json()["id"] as? String)
            let rossio: [String: Any] = ["latitude": Self.rossio.latitude, "longitude": Self.rossio.longitude]
            let created = try await http.send(
                "POST", "/v1/trips/\(trip)/pins",
                json: [
                    "title": "Rossio", "description": "The square", "point": rossio, "visitedAt": "2031-06-12T09:30:00Z",
                    "tags": ["Food", "hidden gem"],
                ], token: ana, headers: ["Idempotency-Key": "pin-1"])
            #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
            let pin = try created.json()
            let pinID = try #require(pin["id"] as? String)
            #expect(
                pin["date"] as? String == "2031-06-12" && pin["tags"] as? [String] == ["food", "hidden gem"] && pin["coverChosen"] as? Bool == false)
            let cover = try #require(pin["cover"] as? [String: Any])
            #expect(cover["mediaId"] as? String == Self.photo.mediaID.lowercasedString && cover["thumbnail"] is String)

            let close = Self.rossio.moved(meters: 5, bearing: 0)
            let tooClose = try await http.send(
                "POST", "/v1/trips/\(trip)/pins",
                json: [
                    "title": "Café", "description": "Next door", "point": ["latitude": close.latitude, "longitude": close.longitude],
                    "visitedAt": "2031-06-12T10:00:00Z",
                ], token: ana)
            #expect(tooClose.status == 409 && tooClose.reason == "PIN_TOO_CLOSE" && tooClose.problemFields == ["point"])
            #expect(try tooClose.json()["conflictingId"] as? String == pinID)
            let apart = Self.rossio.moved(meters: 600, bearing: 0)
            let second = try await http.send(
                "POST", "/v1/trips/\(trip)/pins",
                json: [
                    "title": "Carmo", "description": "Ruins", "point": ["latitude": apart.latitude, "longitude": apart.longitude],
                    "visitedAt": "2031-06-12T15:00:00Z",
                ], token: ana)
            #expect(second.status == 201)

            let day = try await http.send("GET", "/v1/trips/\(trip)/pins?date=2031-06-12", token: ana).json()
            #expect((day["pins"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Rossio", "Carmo"])
            #expect(try await http.send("GET", "/v1/trips/\(trip)/pins/\(pinID)", token: bo).status == 404)
            #expect(try await http.send("GET", "/v1/trips/\(UUID())/pins/\(pinID)", token: ana).status == 404)

            let nearby = try await http.send("GET", "/v1/trips/\(trip)/pins/\(pinID)/photos", token: ana).json()
            let photos = try #require(nearby["photos"] as? [[String: Any]])
            #expect(photos.count == 1 && (photos.first?["distanceMeters"] as? Double).map { abs($0 - 40) < 0.5 } == true)

            let route = try await http.send("GET", "/v1/trips/\(trip)/days/2031-06-12/route", token: ana)
            #expect(route.status == 200 && route.header("Content-Type")?.hasPrefix("application/geo+json") == true)
            let geo = try route.json()
            let features = try #require(geo["features"] as? [[String: Any]])
            #expect(geo["type"] as? String == "FeatureCollection" && geo["source"] as? String == "pins" && features.count == 3)
            let line = try #require(features.first?["geometry"] as? [String: Any])
            #expect(
                line["type"] as? String == "LineString"
                    && (line["coordinates"] as? [[Double]])?.first == [Self.rossio.longitude, Self.rossio.latitude])
            let photoDay = try await http.send("GET", "/v1/trips/\(trip)/days/2031-06-13/route", token: ana).json()
            #expect(photoDay["source"] as? String == "none" && (photoDay["features"] as? [Any])?.isEmpty == true)
            // A day outside the trip is not there, whichever of its views is asked for.
            for view in ["route", "track", "photos"] {
                #expect(try await http.send("GET", "/v1/trips/\(trip)/days/2031-07-01/\(view)", token: ana).status == 404, "\(view)")
            }

            let calendar = try await http.send("GET", "/v1/me/calendar?month=2031-06", token: ana).json()
            let days = ((calendar["trips"] as? [[String: Any]])?.first?["days"] as? [[String: Any]]) ?? []
            #expect(days.first { $0["date"] as? String == "2031-06-12" }?["pins"] as? Int == 2)
            #expect(days.first { $0["date"] as? String == "2031-06-13" }?["pins"] as? Int == 0)

            let moved = try await http.send("PATCH", "/v1/trips/\(trip)/pins/\(pinID)", json: ["title": "Rossio square", "tags": []], token: ana)
            let movedTags = try moved.json()["tags"] as? [String]
            #expect(moved.status == 200 && movedTags == [])
            #expect(
                try await http.send("PATCH", "/v1/trips/\(trip)/pins/\(pinID)", json: ["visitedAt": "2031-07-01T10:00:00Z"], token: ana)
                    .problemFields == ["visitedAt"])
            #expect(
                try await http.send("PATCH", "/v1/trips/\(trip)/pins/\(pinID)", json: ["coverMediaId": "nope"], token: ana)
                    .problemFields == ["coverMediaId"])
            #expect(try await http.send("GET", "/v1/trips/\(trip)/pins/not-a-pin", token: ana).problemFields == ["pinId"])
            #expect(try await http.send("DELETE", "/v1/trips/\(trip)/pins/\(pinID)", token: ana).status == 204)
            #expect(try await http.send("DELETE", "/v1/trips/\(trip)/pins/\(pinID)", token: ana).status == 404)
            #expect(try await http.send("GET", "/v1/trips/\(trip)/pins/\(pinID)", token: ana).status == 404)
        }
    }

    @Test func aTrackIsRecordedOnlyWhenOnAndComesBackAsSegmentsGeoJSONAndGPX() async throws {
        try await Self.withTrips { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            let trip = try await http.send("POST", "/v1/trips", json: Self.lisbon, token: ana).json()
            let id = try #require(trip["id"] as? String)
            #expect(trip["tracking"] as? Bool == false)
            func point(_ index: Int, at: String? = nil, latitude: Double? = nil) -> [String: Any] {
                let position = Self.rossio.moved(meters: Double(index) * 10, bearing: 90)
                return [
                    "at": at ?? "2031-06-12T08:0\(index):00Z", "latitude": latitude ?? position.latitude, "longitude": position.longitude,
                    "accuracyMeters": 5,
                ]
            }
            let batch = ["points": (0..<5).map { point($0) }]
            let off = try await http.send("POST", "/v1/trips/\(id)/track", json: batch, token: ana)
            #expect(off.status == 409 && off.reason == "TRACKING_OFF")
            let on = try await http.send("PUT", "/v1/trips/\(id)/tracking", json: ["enabled": true], token: ana)
            let tracking = try on.json()["tracking"] as? Bool
            #expect(on.status == 200 && tracking == true)
            let recorded = try await http.send("POST", "/v1/trips/\(id)/track", json: batch, token: ana).json()
            #expect(recorded["recorded"] as? Int == 5 && recorded["repeated"] as? Int == 0)
            let again = try await http.send("POST", "/v1/trips/\(id)/track", json: batch, token: ana).json()
            #expect(again["recorded"] as? Int == 0 && again["repeated"] as? Int == 5)
            let bad = try await http.send(
                "POST", "/v1/trips/\(id)/track",
                json: [
                    "points": [
                        point(0), point(1, at: "2031-07-01T08:00:00Z"),
                        point(2, latitude: 120),
                    ]
                ], token: ana)
            #expect(bad.status == 400 && bad.problemFields == ["points[1].at", "points[2].latitude"])

            let day = try await http.send("GET", "/v1/trips/\(id)/days/2031-06-12/track?toleranceMeters=1", token: ana).json()
            let segments = try #require(day["segments"] as? [[String: Any]])
            #expect(day["recordedPoints"] as? Int == 5 && segments.count == 1 && (segments[0]["points"] as? [Any])?.count == 2)
            #expect((day["distanceMeters"] as? Double).map { abs($0 - 40) < 0.5 } == true)
            #expect(try await http.send("GET", "/v1/trips/\(id)/days/2031-06-12/track?toleranceMeters=5000", token: ana).status == 400)

            let route = try await http.send("GET", "/v1/trips/\(id)/days/2031-06-12/route", token: ana).json()
            let features = try #require(route["features"] as? [[String: Any]])
            #expect(route["source"] as? String == "track" && (features.first?["geometry"] as? [String: Any])?["type"] as? String == "MultiLineString")

            let gpx = try await http.send("GET", "/v1/trips/\(id)/track.gpx?date=2031-06-12", token: ana)
            #expect(gpx.status == 200 && gpx.header("Content-Type")?.hasPrefix("application/gpx+xml") == true)
            let text = String(decoding: gpx.body, as: UTF8.self)
            #expect(text.contains("<gpx version=\"1.1\"") && text.components(separatedBy: "<trkpt ").count - 1 == 5)
            #expect(try await http.send("GET", "/v1/trips/\(id)/track.gpx?date=2031-07-01", token: ana).problemFields == ["date"])
            #expect(try await http.send("GET", "/v1/trips/\(UUID())/track.gpx", token: ana).status == 404)
        }
    }

    @Test func aJournalWithPromptsTagsAndAutocomplete() async throws {
        try await Self.withTrips { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            let trip = try #require(try await http.send("POST", "/v1/trips", json: Self.lisbon, token: ana).json()["id"] as? String)
            let pin = try #require(
                try await http.send(
                    "POST", "/v1/trips/\(trip)/pins",
                    json: [
                        "title": "Rossio", "description": "The square",
                        "point": ["latitude": Self.rossio.latitude, "longitude": Self.rossio.longitude],
                        "visitedAt": "2031-06-12T09:30:00Z",
                    ], token: ana
                ).json()["id"] as? String)
            let prompt = try await http.send("GET", "/v1/journal/prompt?tripId=\(trip)", token: ana).json()
            let promptID = try #require(prompt["promptId"] as? String)
            #expect(prompt["text"] is String && (prompt["remaining"] as? Int ?? 0) >= 50)

            let bad = try await http.send("POST", "/v1/trips/\(trip)/journal", json: ["title": " ", "body": "", "date": "2031-06-12"], token: ana)
            #expect(bad.status == 400 && bad.problemFields == ["title", "body"])
            let strangerPin = try await http.send(
                "POST", "/v1/trips/\(trip)/journal",
                json: [
                    "title": "Day", "body": "Good", "date": "2031-06-12", "locationTags": [["pinId": UUID().uuidString]],
                ], token: ana)
            #expect(strangerPin.problemFields == ["locationTags[0].pinId"])
            let shapeless = try await http.send(
                "POST", "/v1/trips/\(trip)/journal",
                json: [
                    "title": "Day", "body": "Good", "date": "2031-06-12", "locationTags": [[:] as [String: Any]], "mediaIds": ["not-a-uuid"],
                ], token: ana)
            #expect(shapeless.problemFields == ["mediaIds[0]", "locationTags[0]"])
            let twoInOne = try await http.send(
                "POST", "/v1/trips/\(trip)/journal",
                json: [
                    "title": "Day", "body": "Good", "date": "2031-06-12", "locationTags": [["text": "Rossio", "pinId": pin]],
                ], token: ana)
            #expect(twoInOne.status == 400 && twoInOne.problemFields == ["locationTags[0]"])
            #expect(
                try await http.send("POST", "/v1/trips/\(trip)/journal", json: ["title": "Day", "body": "Good", "date": "2031-07-01"], token: ana)
                    .problemFields == ["date"])

            let created = try await http.send(
                "POST", "/v1/trips/\(trip)/journal",
                json: [
                    "title": "Pastéis", "body": "Best custard tarts.\nTwo each.", "date": "2031-06-12", "promptId": promptID,
                    "locationTags": [["text": "Belém"], ["pinId": pin]],
                ], token: ana, headers: ["Idempotency-Key": "entry-1"])
            #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
            let entry = try created.json()
            let entryID = try #require(entry["id"] as? String)
            let tags = try #require(entry["locationTags"] as? [[String: Any]])
            #expect(tags.first?["text"] as? String == "Belém" && tags.last?["title"] as? String == "Rossio")
            #expect(
                (entry["cover"] as? [String: Any])?["mediaId"] as? String == Self.photo.mediaID.lowercasedString,
                "no photos: the one nearest its pin")
            #expect(entry["prompt"] as? String == prompt["text"] as? String)
            let next = try await http.send("GET", "/v1/journal/prompt?tripId=\(trip)", token: ana).json()
            #expect(next["promptId"] as? String != promptID && next["remaining"] as? Int == (prompt["remaining"] as? Int ?? 0) - 1)

            let day = try await http.send("GET", "/v1/trips/\(trip)/journal?date=2031-06-12", token: ana).json()
            #expect((day["entries"] as? [[String: Any]])?.map { $0["id"] as? String } == [entryID])
            let rewritten = try await http.send(
                "PUT", "/v1/trips/\(trip)/journal/\(entryID)", json: ["title": "Pastéis de Belém", "body": "Still the best."],
                token: ana
            ).json()
            #expect(rewritten["date"] as? String == "2031-06-12" && (rewritten["locationTags"] as? [Any])?.isEmpty == true)
            let calendar = try await http.send("GET", "/v1/me/calendar?month=2031-06", token: ana).json()
            let days = ((calendar["trips"] as? [[String: Any]])?.first?["days"] as? [[String: Any]]) ?? []
            #expect(days.first { $0["date"] as? String == "2031-06-12" }?["journalEntries"] as? Int == 1)

            let places = try await http.send("GET", "/v1/trips/\(trip)/places?prefix=ro", token: ana).json()
            #expect((places["places"] as? [[String: Any]])?.map { $0["id"] as? String } == [pin])

            // A place saved to the trip is a tag too, named in answers and offered by the autocomplete.
            let nearby = try await http.send("GET", "/v1/places/nearby?lat=\(Self.rossio.latitude)&lng=\(Self.rossio.longitude)", token: ana).json()
            let tasca = try #require((nearby["places"] as? [[String: Any]])?.first { $0["name"] as? String == "Tasca do Chico" }?["id"] as? String)
            let unsaved = try await http.send(
                "POST", "/v1/trips/\(trip)/journal",
                json: [
                    "title": "Dinner", "body": "Fado", "date": "2031-06-12", "locationTags": [["placeId": tasca]],
                ], token: ana)
            #expect(unsaved.status == 400 && unsaved.problemFields == ["locationTags[0].placeId"])
            #expect(try await http.send("POST", "/v1/trips/\(trip)/saved-places", json: ["placeId": tasca], token: ana).status == 201)
            let dinner = try await http.send(
                "POST", "/v1/trips/\(trip)/journal",
                json: [
                    "title": "Dinner", "body": "Fado", "date": "2031-06-12", "locationTags": [["placeId": tasca]],
                ], token: ana
            ).json()
            #expect((dinner["locationTags"] as? [[String: Any]])?.first?["title"] as? String == "Tasca do Chico")
            #expect((dinner["locationTags"] as? [[String: Any]])?.first?["placeId"] as? String == tasca)
            let offered = try await http.send("GET", "/v1/trips/\(trip)/places?prefix=ta", token: ana).json()
            #expect((offered["places"] as? [[String: Any]])?.map { "\($0["kind"] ?? "")/\($0["id"] ?? "")" } == ["place/\(tasca)"])
            #expect(try await http.send("GET", "/v1/journal/prompt?tripId=not-a-trip", token: ana).problemFields == ["tripId"])
            #expect(try await http.send("GET", "/v1/trips/\(trip)/journal/nope", token: ana).problemFields == ["entryId"])
            #expect(try await http.send("DELETE", "/v1/trips/\(trip)/journal/\(entryID)", token: ana).status == 204)
            #expect(try await http.send("DELETE", "/v1/trips/\(trip)/journal/\(entryID)", token: ana).status == 404)
            #expect(try await http.send("GET", "/v1/trips/\(trip)/journal/\(entryID)", token: ana).status == 404)
        }
    }

    @Test func placesNearSortedBothWaysOpenNowAndRated() async throws {
        try await Self.withTrips { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            let near = "/v1/places/nearby?lat=\(Self.rossio.latitude)&lng=\(Self.rossio.longitude)"
            func names(_ query: String) async throws -> [String] {
                let reply = try await http.send("GET", near + query, token: ana)
                #expect(reply.status == 200, "\(String(decoding: reply.body, as: UTF8.self))")
                return (try reply.json()["places"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            }
            #expect(try await names("") == ["Cervejaria", "Tasca do Chico", "Museu do Fado"])
            #expect(try await names("&sort=rating_asc") == ["Museu do Fado", "Tasca do Chico", "Cervejaria"])
            #expect(try await names("&sort=price_asc") == ["Tasca do Chico", "Museu do Fado", "Cervejaria"])
            #expect(try await names("&sort=price_desc") == ["Cervejaria", "Museu do Fado", "Tasca do Chico"])
            #expect(try await names("&category=museum") == ["Museu do Fado"])
            #expect(try await names("&prefix=TAS") == ["Tasca do Chico"])
            #expect(try await names("&openNowIn=Europe/Lisbon") == ["Tasca do Chico"])
            #expect(try await http.send("GET", near + "&openNowIn=Mars/Base", token: ana).problemFields == ["openNowIn"])
            #expect(try await http.send("GET", near + "&category=spaceport", token: ana).problemFields == ["category"])
            #expect(try await http.send("GET", "/v1/places/nearby?lat=95&lng=0", token: ana).problemFields == ["lat"])

            let museum = try #require(try await http.send("GET", near + "&category=museum", token: ana).json()["places"] as? [[String: Any]])
            let id = try #require(museum.first?["id"] as? String)
            #expect(museum.first?["ratingCount"] as? Int == 0 && museum.first?["myRating"] == nil)
            let rated = try await http.send("PUT", "/v1/places/\(id)/rating", json: ["stars": 4], token: ana).json()
            #expect(rated["rating"] as? Double == 4 && rated["ratingCount"] as? Int == 1 && rated["myRating"] as? Int == 4)
            let again = try await http.send("PUT", "/v1/places/\(id)/rating", json: ["stars": 2], token: ana).json()
            #expect(again["rating"] as? Double == 2 && again["ratingCount"] as? Int == 1)
            #expect(try await http.send("PUT", "/v1/places/\(id)/rating", json: ["stars": 9], token: ana).problemFields == ["stars"])
            #expect(try await http.send("GET", "/v1/places/\(id)", token: ana).json()["myRating"] as? Int == 2)
            #expect(try await http.send("GET", "/v1/places/\(UUID())", token: ana).status == 404)
            #expect(try await http.send("GET", "/v1/places/nope", token: ana).problemFields == ["id"])

            // Saved to a trip once (TC-9), listed, removed (TC-10).
            let trip = try #require(try await http.send("POST", "/v1/trips", json: Self.lisbon, token: ana).json()["id"] as? String)
            let saved = try await http.send("POST", "/v1/trips/\(trip)/saved-places", json: ["placeId": id], token: ana)
            let savedName = (try saved.json()["place"] as? [String: Any])?["name"] as? String
            #expect(saved.status == 201 && savedName == "Museu do Fado")
            let twice = try await http.send("POST", "/v1/trips/\(trip)/saved-places", json: ["placeId": id], token: ana)
            #expect(twice.status == 409 && twice.reason == "ALREADY_SAVED" && twice.problemFields == ["placeId"])
            #expect(try twice.json()["conflictingId"] as? String == id)
            #expect(
                try await http.send("POST", "/v1/trips/\(trip)/saved-places", json: ["placeId": UUID().uuidString], token: ana).problemFields == [
                    "placeId"
                ])
            let list = try await http.send("GET", "/v1/trips/\(trip)/saved-places", token: ana).json()
            #expect((list["saved"] as? [[String: Any]])?.count == 1)
            #expect(try await http.send("DELETE", "/v1/trips/\(trip)/saved-places/\(id)", token: ana).status == 204)
            #expect(try await http.send("DELETE", "/v1/trips/\(trip)/saved-places/\(id)", token: ana).status == 404)
            #expect((try await http.send("GET", "/v1/trips/\(trip)/saved-places", token: ana).json()["saved"] as? [Any])?.isEmpty == true)

            // The itinerary takes saved places only, and exports as iCalendar.
            let notSaved = try await http.send("POST", "/v1/trips/\(trip)/itinerary", json: ["placeId": id, "date": "2031-06-12"], token: ana)
            #expect(notSaved.status == 422 && notSaved.reason == "NOT_SAVED" && notSaved.problemFields == ["placeId"])
            _ = try await http.send("POST", "/v1/trips/\(trip)/saved-places", json: ["placeId": id], token: ana)
            #expect(
                try await http.send("POST", "/v1/trips/\(trip)/itinerary", json: ["placeId": id, "date": "2031-07-01", "time": "25:00"], token: ana)
                    .problemFields == ["date", "time"])
            let planned = try await http.send(
                "POST", "/v1/trips/\(trip)/itinerary", json: ["placeId": id, "date": "2031-06-12", "time": "20:00"], token: ana)
            #expect(planned.status == 201, "\(String(decoding: planned.body, as: UTF8.self))")
            let item = try planned.json()
            #expect(item["placeName"] as? String == "Museu do Fado" && item["remindMinutesBefore"] as? Int == 60)
            #expect(item["remindAt"] as? String == "2031-06-12T18:00:00.000Z", "an hour before 20:00 in Lisbon's summer time")
            let itemID = try #require(item["id"] as? String)
            #expect((try await http.send("GET", "/v1/trips/\(trip)/itinerary", token: ana).json()["items"] as? [Any])?.count == 1)
            let ics = try await http.send("GET", "/v1/trips/\(trip)/itinerary.ics", token: ana)
            #expect(ics.status == 200 && ics.header("Content-Type")?.hasPrefix("text/calendar") == true)
            #expect(String(decoding: ics.body, as: UTF8.self).contains("DTSTART;TZID=Europe/Lisbon:20310612T200000"))
            #expect(try await http.send("DELETE", "/v1/trips/\(trip)/itinerary/\(itemID)", token: ana).status == 204)
            #expect(try await http.send("DELETE", "/v1/trips/\(trip)/itinerary/\(itemID)", token: ana).status == 404)
            #expect((try await http.send("GET", "/v1/trips/\(trip)/itinerary", token: ana).json()["items"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func badTripsAreProblemsNamingEachFieldAsSent() async throws {
        try await Self.withTrips { http in
            let ana = try await GatewayAccountsTests.signUp(http).access
            var bad = Self.lisbon
            bad["title"] = "   "
            bad["destination"] = ["name": "\u{7}"]
            bad["endDate"] = "2031-06-01"
            bad["timeZone"] = "GMT+2"
            bad["homeCurrency"] = "EURO"
            let refused = try await http.send("POST", "/v1/trips", json: bad, token: ana)
            #expect(refused.status == 400 && refused.reason == "INVALID_FIELD")
            #expect(refused.problemFields == ["title", "destination.name", "endDate", "timeZone", "homeCurrency"])
            var tooLong = Self.lisbon
            tooLong["endDate"] = "2032-06-10"
            #expect(try await http.send("POST", "/v1/trips", json: tooLong, token: ana).problemFields == ["endDate"])
            var impossible = Self.lisbon
            impossible["startDate"] = "2031-02-30"
            #expect(try await http.send("POST", "/v1/trips", json: impossible, token: ana).problemFields == ["startDate"])
            var missing = Self.lisbon
            missing["timeZone"] = nil
            #expect(try await http.send("POST", "/v1/trips", json: missing, token: ana).problemFields == ["timeZone"])
            #expect(try await http.send("GET", "/v1/trips/not-a-uuid", token: ana).problemFields == ["id"])
            #expect(try await http.send("GET", "/v1/me/calendar?month=2031-6", token: ana).problemFields == ["month"])
            #expect(try await http.send("GET", "/v1/me/calendar", token: ana).problemFields == ["month"])
            #expect(try await http.send("GET", "/v1/trips?pageToken=garbage", token: ana).problemFields == ["pageToken"])
            let longKey = try await http.send(
                "POST", "/v1/trips", json: Self.lisbon, token: ana, headers: ["Idempotency-Key": String(repeating: "k", count: 201)])
            #expect(longKey.problemFields == ["Idempotency-Key"])
            let trip = try await http.send("POST", "/v1/trips", json: Self.lisbon, token: ana).json()
            let id = try #require(trip["id"] as? String)
            #expect(try await http.send("PATCH", "/v1/trips/\(id)", json: ["startDate": "2031-06-30"], token: ana).problemFields == ["endDate"])
            #expect(try await http.send("PATCH", "/v1/trips/\(id)", json: ["title": ""], token: ana).problemFields == ["title"])
        }
    }
}

/// A library of a few photos, whoever asks; every one has a position, so none is inferred.
struct StaticPhotos: TripPhotos, InferredPositions {
    let photos: [TripPhoto]

    func photosWithoutPosition(of owner: UUID, takenIn interval: Range<Date>, limit: Int) async throws -> [TripPhoto] {
        photos.filter { $0.point == nil }
    }

    func setInferredPositions(_ positions: [UUID: GeoPoint], for owner: UUID) async throws -> [UUID] {
        []
    }

    func nearestPhotos(
        of owner: UUID, to points: [UUID: GeoPoint], on dates: TripDates, in zone: TripZone, within meters: Double
    ) async throws
        -> [UUID: UUID]
    {
        photos.nearest(to: points, on: dates, in: zone, within: meters)
    }

    func photos(of owner: UUID, takenIn interval: Range<Date>, near: GeoPoint?, within meters: Double?, limit: Int) async throws -> [TripPhoto] {
        photos.filter { photo in
            guard let near, let meters else { return true }
            return photo.point.map { near.distance(to: $0) <= meters } ?? false
        }
    }
}
