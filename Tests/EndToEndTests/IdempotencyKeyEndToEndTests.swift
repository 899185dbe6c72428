import Foundation
import RoamTesting
import Testing

/// Every create that takes an `Idempotency-Key`, held against the contract on real processes: sent
/// again with the same key and the same request it answers what the first made; with the same key and
/// another request (another body, or another parent in the path where keys are the caller's) it is refused with 422
/// `IDEMPOTENCY_KEY_REUSED` rather than answered with the first one's result. An operation the
/// document gives the header to fails this test until it is placed here.
@Suite struct IdempotencyKeyEndToEndTests {
    /// Not fingerprinted: an upload streams its bytes to media unread, and its key alone decides.
    static let keyAloneDecides: Set<String> = ["uploadMedia", "createResumableUpload"]

    /// One keyed create: where it goes, the first request and a different one (each a path and a body).
    struct Case {
        var path: String
        var body: [String: Any]
        var other: (path: String, body: [String: Any])
    }

    @Test func aKeyAnswersItsOwnRequestAgainAndRefusesAnother() async throws {
        try await onFullStack(Self.check)
    }

    static func check(_ http: HTTPTestClient) async throws {
        let suffix = Int.random(in: 10_000...99_999)
        let ana = try await http.signUp("keys\(suffix)").token
        func made(_ path: String, _ json: [String: Any], key: String = "id") async throws -> String {
            try await http.created(path, json, token: ana, key: key)
        }
        let point: [String: Any] = ["latitude": 38.71, "longitude": -9.14]
        let tripBody: [String: Any] = [
            "title": "Lisbon", "destination": ["name": "Lisbon", "point": point], "startDate": "2031-06-10",
            "endDate": "2031-06-17", "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
        ]
        let (trip, otherTrip) = (try await made("/v1/trips", tripBody), try await made("/v1/trips", tripBody))
        let (list, otherList) = (try await made("/v1/lists", ["title": "Someday"]), try await made("/v1/lists", ["title": "Later"]))
        let item = try await made("/v1/lists/\(list)/items", ["title": "Fado"])
        let activity = try await made("/v1/activities", ["name": "Tram 28", "place": ["point": point, "name": "Graça"]])
        let walk = try await made("/v1/walks", ["title": "Alfama", "start": ["point": point]])
        let story = try await made("/v1/stories", ["text": "Tiles", "place": point.merging(["name": "Alfama"]) { $1 }], key: "postId")
        let comment = try await made("/v1/posts/\(story)/comments", ["text": "Lovely"], key: "commentId")
        let event = try await made(
            "/v1/events", ["name": "Picnic", "center": point, "radiusMeters": 200, "capacity": 10, "durationSeconds": 3600],
            key: "eventId")
        let pin: [String: Any] = ["title": "Rossio", "description": "Square", "point": point, "visitedAt": "2031-06-12T09:30:00.000Z"]
        let expense: [String: Any] = ["amount": "4.50", "currency": "EUR", "spentAt": "2031-06-12T12:00:00.000Z", "category": "food"]

        let cases: [String: Case] = [
            "createTrip": Case(path: "/v1/trips", body: tripBody, other: ("/v1/trips", tripBody.merging(["title": "Porto"]) { $1 })),
            // A pin's or journal entry's key is the trip's: on another trip it makes another.
            "createPin": Case(
                path: "/v1/trips/\(trip)/pins", body: pin, other: ("/v1/trips/\(trip)/pins", pin.merging(["title": "Rossio square"]) { $1 })),
            "createJournalEntry": Case(
                path: "/v1/trips/\(trip)/journal", body: ["title": "Day one", "body": "Trams", "date": "2031-06-12"],
                other: ("/v1/trips/\(trip)/journal", ["title": "Day two", "body": "Trams", "date": "2031-06-13"])),
            "createExpense": Case(path: "/v1/trips/\(trip)/expenses", body: expense, other: ("/v1/trips/\(otherTrip)/expenses", expense)),
            "createBucketList": Case(path: "/v1/lists", body: ["title": "Europe"], other: ("/v1/lists", ["title": "Asia"])),
            "addBucketItem": Case(
                path: "/v1/lists/\(list)/items", body: ["title": "Skydive"], other: ("/v1/lists/\(otherList)/items", ["title": "Skydive"])),
            "copyBucketItem": Case(
                path: "/v1/items/\(item)/copies", body: ["listId": list], other: ("/v1/items/\(item)/copies", ["listId": otherList])),
            "addActivityToList": Case(
                path: "/v1/activities/\(activity)/lists", body: ["listId": list],
                other: ("/v1/activities/\(activity)/lists", ["listId": otherList])),
            "createActivity": Case(
                path: "/v1/activities", body: ["name": "Fado", "place": ["point": point, "name": "Alfama"]],
                other: ("/v1/activities", ["name": "Fado at night", "place": ["point": point, "name": "Alfama"]])),
            "commentOnBucketItem": Case(
                path: "/v1/items/\(item)/comments", body: ["text": "Soon"], other: ("/v1/items/\(item)/comments", ["text": "Later"])),
            "commentOnActivity": Case(
                path: "/v1/activities/\(activity)/comments", body: ["text": "Go early"],
                other: ("/v1/activities/\(activity)/comments", ["text": "Go late"])),
            "createPlace": Case(
                path: "/v1/places", body: ["name": "My bench", "point": point],
                other: ("/v1/places", ["name": "My other bench", "point": point])),
            "startWalk": Case(
                path: "/v1/walks", body: ["title": "Baixa", "start": ["point": point]],
                other: ("/v1/walks", ["title": "Chiado", "start": ["point": point]])),
            "commentOnWalk": Case(
                path: "/v1/walks/\(walk)/comments", body: ["text": "Steep"], other: ("/v1/walks/\(walk)/comments", ["text": "Flat"])),
            "createStory": Case(
                path: "/v1/stories", body: ["text": "Here", "place": point.merging(["name": "Rossio"]) { $1 }],
                other: ("/v1/stories", ["text": "There", "place": point.merging(["name": "Rossio"]) { $1 }])),
            "createFollowersPost": Case(path: "/v1/posts", body: ["text": "Home"], other: ("/v1/posts", ["text": "Away"])),
            "createComment": Case(path: "/v1/posts/\(story)/comments", body: ["text": "Yes"], other: ("/v1/posts/\(story)/comments", ["text": "No"])),
            "replyToComment": Case(
                path: "/v1/comments/\(comment)/replies", body: ["text": "Thanks"], other: ("/v1/comments/\(comment)/replies", ["text": "Indeed"])),
            "createEvent": Case(
                path: "/v1/events", body: ["name": "Fado night", "center": point, "radiusMeters": 200, "capacity": 10, "durationSeconds": 3600],
                other: ("/v1/events", ["name": "Fado day", "center": point, "radiusMeters": 200, "capacity": 10, "durationSeconds": 3600])),
            "createEventPost": Case(
                path: "/v1/events/\(event)/posts", body: ["text": "Hello"], other: ("/v1/events/\(event)/posts", ["text": "Bye"])),
            "sendChatMessage": Case(path: "/v1/events/\(event)/chat", body: ["text": "Hi"], other: ("/v1/events/\(event)/chat", ["text": "Ho"])),
        ]

        var checked: [String] = []
        for operation in try Self.keyedOperations where !Self.keyAloneDecides.contains(operation) {
            if operation == "importWalkGPX" {
                try await checkGPX(http, token: ana)
                checked.append(operation)
                continue
            }
            let keyed = try #require(cases[operation], "\(operation) takes an Idempotency-Key but is neither checked here nor placed above")
            let headers = ["Idempotency-Key": "\(operation)-\(suffix)"]
            let first = try await http.send("POST", keyed.path, json: keyed.body, token: ana, headers: headers)
            #expect((200...299).contains(first.status), "\(operation): \(first.status) \(first.text.prefix(300))")
            // The same request with its JSON keys in another order is the same request.
            let reordered = try JSONSerialization.data(withJSONObject: keyed.body, options: [.sortedKeys])
            let again = try await http.send(
                "POST", keyed.path, body: reordered, token: ana, headers: headers.merging(["Content-Type": "application/json"]) { $1 })
            #expect(
                again.status == first.status && again.text == first.text, "\(operation): a retry answered \(again.status) \(again.text.prefix(300))")
            let other = try await http.send("POST", keyed.other.path, json: keyed.other.body, token: ana, headers: headers)
            #expect(
                other.status == 422 && other.reason == "IDEMPOTENCY_KEY_REUSED" && other.problemFields == ["Idempotency-Key"],
                "\(operation): another request with the key answered \(other.status) \(other.text.prefix(300))")
            checked.append(operation)
        }
        print("Idempotency-Key fingerprint checked on \(checked.count) operations: \(checked.sorted().joined(separator: ", "))")
        #expect(checked.count == cases.count + 1)
    }

    /// A GPX file is fingerprinted by its bytes once the gateway has read it.
    static func checkGPX(_ http: HTTPTestClient, token: String) async throws {
        func gpx(_ name: String) -> Data {
            Data(
                """
                <?xml version="1.0"?><gpx version="1.1" creator="test"><trk><name>\(name)</name><trkseg>
                <trkpt lat="38.71" lon="-9.14"><time>2026-06-01T10:00:00Z</time></trkpt>
                <trkpt lat="38.711" lon="-9.14"><time>2026-06-01T10:01:00Z</time></trkpt>
                </trkseg></trk></gpx>
                """.utf8)
        }
        let headers = ["Content-Type": "application/gpx+xml", "Idempotency-Key": "gpx-\(UUID())"]
        let first = try await http.send("POST", "/v1/walks/gpx", body: gpx("Alfama"), token: token, headers: headers)
        #expect(first.status == 201, "\(first.text.prefix(300))")
        let again = try await http.send("POST", "/v1/walks/gpx", body: gpx("Alfama"), token: token, headers: headers)
        let (firstID, againID) = (try first.json()["id"] as? String, try again.json()["id"] as? String)
        #expect(again.status == 201 && againID == firstID)
        let other = try await http.send("POST", "/v1/walks/gpx", body: gpx("Baixa"), token: token, headers: headers)
        #expect(other.status == 422 && other.reason == "IDEMPOTENCY_KEY_REUSED", "\(other.status) \(other.text.prefix(300))")
    }

    /// The `operationId` of every operation in `Gateway/openapi.yaml` that takes the `Idempotency-Key` header.
    static var keyedOperations: [String] {
        get throws {
            var operation: String?
            var keyed: [String] = []
            for line in try ContractDocument.yaml().split(separator: "\n") {
                if line.hasPrefix("      operationId: ") { operation = String(line.dropFirst("      operationId: ".count)) }
                if line.hasSuffix("$ref: '#/components/parameters/IdempotencyKey'"), let operation { keyed.append(operation) }
            }
            return keyed
        }
    }
}
