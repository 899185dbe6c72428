import Foundation
import RoamTesting
import Testing

/// Every id a request body names is checked, on real processes: one that names nothing (or someone
/// else's thing) is refused with a 4xx that names the field as the client sent it, never stored and
/// never a 500. An operation whose body gains an id fails this test until it is placed here.
@Suite struct ReferenceRuleEndToEndTests {
    /// Not references: a lookup of which device assets are uploaded already.
    static let notReferences: Set<String> = ["checkExistingMedia"]

    @Test func anIdInABodyThatNamesNothingIsRefusedByName() async throws {
        try await onFullStack(Self.check)
    }

    static func check(_ http: HTTPTestClient) async throws {
        let suffix = Int.random(in: 10_000...99_999)
        let ana = try await http.signUp("refs\(suffix)").token
        func made(_ path: String, _ json: [String: Any], key: String = "id") async throws -> String {
            try await http.created(path, json, token: ana, key: key)
        }
        let point: [String: Any] = ["latitude": 38.71, "longitude": -9.14]
        let trip = try await made(
            "/v1/trips",
            [
                "title": "Lisbon", "destination": ["name": "Lisbon", "point": point], "startDate": "2031-06-10",
                "endDate": "2031-06-17", "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
            ])
        let pin = try await made(
            "/v1/trips/\(trip)/pins", ["title": "Rossio", "description": "Square", "point": point, "visitedAt": "2031-06-12T09:30:00.000Z"])
        let expense = try await made(
            "/v1/trips/\(trip)/expenses", ["amount": "4.50", "currency": "EUR", "spentAt": "2031-06-12T12:00:00.000Z", "category": "food"])
        let entry = try await made("/v1/trips/\(trip)/journal", ["title": "Day one", "body": "Trams", "date": "2031-06-12"])
        let list = try await made("/v1/lists", ["title": "Someday"])
        let item = try await made("/v1/lists/\(list)/items", ["title": "Fado"])
        let activity = try await made("/v1/activities", ["name": "Tram 28", "place": ["point": point, "name": "Graça"]])
        let walk = try await made("/v1/walks", ["title": "Alfama", "start": ["point": point]])
        let story = try await made("/v1/stories", ["text": "Tiles", "place": point.merging(["name": "Alfama"]) { $1 }], key: "postId")
        let event = try await made(
            "/v1/events", ["name": "Picnic", "center": point, "radiusMeters": 200, "capacity": 10, "durationSeconds": 3600],
            key: "eventId")
        let nothing = UUID().lowercasedString
        let eventBody: [String: Any] = ["name": "Fado", "center": point, "radiusMeters": 200, "capacity": 10, "durationSeconds": 3600]

        // Operation → (method, path, body, the field the refusal names).
        let cases: [String: [(String, String, [String: Any], String)]] = [
            "createEvent": [
                ("POST", "/v1/events", eventBody.merging(["bannerMediaId": nothing]) { $1 }, "bannerMediaId"),
                ("POST", "/v1/events", eventBody.merging(["groupWalk": ["walkId": nothing, "privacy": "everyone"]]) { $1 }, "groupWalk.walkId"),
            ],
            "updateEvent": [("PATCH", "/v1/events/\(event)", ["bannerMediaId": nothing], "bannerMediaId")],
            "createEventPost": [("POST", "/v1/events/\(event)/posts", ["text": "Hi", "mediaIds": [nothing]], "mediaIds")],
            "reportMember": [("POST", "/v1/events/\(event)/reports", ["userId": nothing, "reason": "spam"], "userId")],
            "updateMe": [("PATCH", "/v1/me", ["avatarMediaId": nothing], "avatarMediaId")],
            "createFollowersPost": [("POST", "/v1/posts", ["text": "Hi", "mediaIds": [nothing]], "mediaIds")],
            "updatePost": [("PATCH", "/v1/posts/\(story)", ["mediaIds": [nothing]], "mediaIds")],
            "createStory": [
                ("POST", "/v1/stories", ["text": "Hi", "place": point.merging(["name": "X"]) { $1 }, "mediaIds": [nothing]], "mediaIds")
            ],
            "createPin": [
                (
                    "POST", "/v1/trips/\(trip)/pins",
                    [
                        "title": "Far", "description": "x", "point": ["latitude": 38.8, "longitude": -9.2],
                        "visitedAt": "2031-06-12T10:00:00.000Z", "coverMediaId": nothing,
                    ], "coverMediaId"
                )
            ],
            "updatePin": [("PATCH", "/v1/trips/\(trip)/pins/\(pin)", ["coverMediaId": nothing], "coverMediaId")],
            "createJournalEntry": [
                ("POST", "/v1/trips/\(trip)/journal", ["title": "x", "body": "y", "date": "2031-06-12", "mediaIds": [nothing]], "mediaIds"),
                ("POST", "/v1/trips/\(trip)/journal", ["title": "x", "body": "y", "date": "2031-06-12", "promptId": nothing], "promptId"),
            ],
            "replaceJournalEntry": [
                ("PUT", "/v1/trips/\(trip)/journal/\(entry)", ["title": "x", "body": "y", "date": "2031-06-12", "mediaIds": [nothing]], "mediaIds")
            ],
            "savePlace": [("POST", "/v1/trips/\(trip)/saved-places", ["placeId": nothing], "placeId")],
            "addItineraryItem": [("POST", "/v1/trips/\(trip)/itinerary", ["placeId": nothing, "date": "2031-06-12"], "placeId")],
            "createExpense": [
                (
                    "POST", "/v1/trips/\(trip)/expenses",
                    [
                        "amount": "1", "currency": "EUR", "spentAt": "2031-06-12T12:00:00.000Z",
                        "category": "food", "pinId": nothing,
                    ], "pinId"
                )
            ],
            "updateExpense": [("PATCH", "/v1/trips/\(trip)/expenses/\(expense)", ["placeId": nothing], "placeId")],
            "startWalk": [("POST", "/v1/walks", ["title": "x", "start": ["point": point], "routeId": nothing], "routeId")],
            "createBucketList": [("POST", "/v1/lists", ["title": "x", "coverMediaId": nothing], "coverMediaId")],
            "updateBucketList": [("PATCH", "/v1/lists/\(list)", ["coverMediaId": nothing], "coverMediaId")],
            "addBucketItem": [("POST", "/v1/lists/\(list)/items", ["title": "x", "mediaIds": [nothing]], "mediaIds")],
            "updateBucketItem": [("PATCH", "/v1/items/\(item)", ["mediaIds": [nothing]], "mediaIds")],
            "moveBucketItem": [("POST", "/v1/items/\(item)/move", ["listId": nothing, "position": 0], "listId")],
            "completeBucketItem": [("PUT", "/v1/items/\(item)/completion", ["mediaId": nothing], "mediaId")],
            "copyBucketItem": [("POST", "/v1/items/\(item)/copies", ["listId": nothing], "listId")],
            "createActivity": [
                ("POST", "/v1/activities", ["name": "x", "place": ["point": point, "name": "y"], "mediaIds": [nothing]], "mediaIds")
            ],
            "updateActivity": [("PATCH", "/v1/activities/\(activity)", ["mediaIds": [nothing]], "mediaIds")],
            "addActivityToList": [("POST", "/v1/activities/\(activity)/lists", ["listId": nothing], "listId")],
            "updateWalk": [("PATCH", "/v1/walks/\(walk)", ["mediaIds": [nothing]], "mediaIds")],
            "addPointOfInterest": [
                ("POST", "/v1/walks/\(walk)/points-of-interest", ["point": point, "name": "View", "mediaIds": [nothing]], "mediaIds")
            ],
        ]

        var failures: [String] = []
        for operation in try Self.operationsNamingIDs where !Self.notReferences.contains(operation) {
            let requests = try #require(cases[operation], "\(operation) takes an id in its body but is neither checked here nor placed above")
            for (method, path, body, field) in requests {
                let reply = try await http.send(method, path, json: body, token: ana)
                let named = reply.problemFields.contains { $0 == field || $0.hasPrefix("\(field)[") }
                if !((400...499).contains(reply.status) && named) {
                    failures.append("\(operation) \(field): \(reply.status) \(reply.text.prefix(160))")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// The `operationId` of every operation whose JSON body (or an object in it) has a property named `…Id` or `…Ids`.
    static var operationsNamingIDs: [String] {
        get throws {
            let document = try ContractDocument.json()
            let schemas = ((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]]) ?? [:]
            func resolved(_ schema: [String: Any]?) -> [String: Any]? {
                guard let reference = schema?["$ref"] as? String else { return schema }
                return schemas[String(reference.split(separator: "/").last ?? "")]
            }
            func namesIDs(_ schema: [String: Any]?, depth: Int = 0) -> Bool {
                guard depth < 4, let properties = resolved(schema)?["properties"] as? [String: [String: Any]] else { return false }
                return properties.contains { name, property in name.hasSuffix("Id") || name.hasSuffix("Ids") || namesIDs(property, depth: depth + 1) }
            }
            var operations: [String] = []
            for case let (_, item as [String: Any]) in (document["paths"] as? [String: Any]) ?? [:] {
                for case let (method, operation as [String: Any]) in item where method != "get" && method != "delete" {
                    let body = ((operation["requestBody"] as? [String: Any])?["content"] as? [String: Any])?["application/json"] as? [String: Any]
                    if namesIDs(body?["schema"] as? [String: Any]), let id = operation["operationId"] as? String { operations.append(id) }
                }
            }
            return operations
        }
    }
}
