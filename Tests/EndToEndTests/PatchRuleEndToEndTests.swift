import Foundation
import RoamTesting
import Testing

/// One rule for `PATCH`, held against the contract on real processes: a field that is not sent stays
/// as it was. For every operation the document declares, an object with every field set is patched
/// with an empty body (nothing changes) and then with one field (only that field changes). An
/// operation the document adds fails this test until it is placed here.
@Suite struct PatchRuleEndToEndTests {
    /// Checked elsewhere: a media item needs an upload.
    static let checkedElsewhere: [String: String] = [
        "updateMedia": "GatewayMediaTests",
        // A tus append, not a partial update: bytes from an offset.
        "appendToResumableUpload": "ResumableUploadEndToEndTests",
    ]
    /// What an answer may change on any patch: when it was changed, and signed links.
    static let volatile: Set<String> = ["updatedAt", "links", "expiresAt"]

    /// One object to patch: where, and one field's new value (with what else it may change).
    struct Case {
        var path: String
        var field: String
        var value: Any
        var alsoChanges: Set<String> = []
        /// Where the answer shows the field, when not at the top.
        var answeredIn: String?
        /// Fields that `null` removes (answered absent or empty).
        var clearable: [String] = []
        /// `text` is required by `CommentRequest`: there is no empty patch.
        var takesEmptyBody = true
    }

    @Test func aPatchChangesWhatWasSentAndNothingElse() async throws {
        try await onFullStack(Self.check)
    }

    static func check(_ http: HTTPTestClient) async throws {
        let suffix = Int.random(in: 10_000...99_999)
        let ana = try await http.signUp("patcher\(suffix)").token
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
            "/v1/trips/\(trip)/pins",
            [
                "title": "Rossio", "description": "Square", "point": point,
                "visitedAt": "2031-06-12T09:30:00.000Z", "tags": ["square"],
            ])
        let expense = try await made(
            "/v1/trips/\(trip)/expenses",
            [
                "amount": "4.50", "currency": "EUR", "spentAt": "2031-06-12T12:00:00.000Z",
                "category": "food", "note": "Pastéis", "pinId": pin,
            ])
        let list = try await made("/v1/lists", ["title": "Someday", "description": "One day", "visibility": "followers"])
        let item = try await made(
            "/v1/lists/\(list)/items",
            [
                "title": "Fado", "description": "A night of it", "targetDate": "2031-06-13",
                "place": ["point": point, "name": "Alfama"],
            ])
        let activity = try await made(
            "/v1/activities",
            [
                "name": "Tram 28", "description": "The old tram", "tags": ["tram"],
                "place": ["point": point, "name": "Graça"],
                "window": ["startsAt": "2031-06-12T09:00:00.000Z", "endsAt": "2031-06-12T18:00:00.000Z"],
            ])
        let walk = try await made("/v1/walks", ["title": "Alfama", "description": "Uphill", "tags": ["hills"], "start": ["point": point]])
        let story = try await made(
            "/v1/stories", ["text": "Tiles #azulejo", "title": "Blue", "place": point.merging(["name": "Alfama"]) { $1 }],
            key: "postId")
        let commented = try await http.send("POST", "/v1/posts/\(story)/comments", json: ["text": "Lovely"], token: ana)
        let comment = try #require(try commented.json()["commentId"] as? String)
        let event = try await made(
            "/v1/events",
            [
                "name": "Picnic", "description": "Bring bread", "center": point, "radiusMeters": 200,
                "capacity": 10, "durationSeconds": 3600, "tags": ["food"], "theme": "sunset",
            ], key: "eventId")
        let profile = try await http.send(
            "PATCH", "/v1/me",
            json: [
                "bio": "Walker", "displayName": "Ana P", "phone": "+351912345678",
                "givenName": "Ana", "familyName": "Pereira",
            ], token: ana)
        #expect(profile.status == 200, "\(profile.text.prefix(300))")
        let settings = try await http.send(
            "PATCH", "/v1/me/notification-settings",
            json: [
                "mutedKinds": ["member_joined"], "quietHours": ["start": "22:00", "end": "07:00"], "timeZone": "Asia/Kolkata", "pushPaused": true,
            ],
            token: ana)
        #expect(settings.status == 200, "\(settings.text.prefix(300))")

        let cases: [String: Case] = [
            "updateNotificationSettings": Case(
                path: "/v1/me/notification-settings", field: "timeZone", value: "Europe/Lisbon", clearable: ["quietHours", "mutedKinds"]),
            "updateTrip": Case(path: "/v1/trips/\(trip)", field: "title", value: "Lisboa"),
            "updatePin": Case(path: "/v1/trips/\(trip)/pins/\(pin)", field: "title", value: "Praça", clearable: ["tags"]),
            "updateExpense": Case(path: "/v1/trips/\(trip)/expenses/\(expense)", field: "note", value: "Nata", clearable: ["note", "pinId"]),
            "updateBucketList": Case(path: "/v1/lists/\(list)", field: "title", value: "Soon", clearable: ["description"]),
            "updateBucketItem": Case(
                path: "/v1/items/\(item)", field: "title", value: "Fado night", clearable: ["description", "place", "targetDate", "mediaIds"]),
            "updateActivity": Case(
                path: "/v1/activities/\(activity)", field: "name", value: "Tram 12", clearable: ["description", "window", "tags", "mediaIds"]),
            "updateWalk": Case(path: "/v1/walks/\(walk)", field: "title", value: "Graça", clearable: ["description", "tags", "mediaIds"]),
            "updatePost": Case(
                path: "/v1/posts/\(story)", field: "title", value: "Azul", alsoChanges: ["editedAt"], clearable: ["title", "mediaIds"]),
            "updateComment": Case(
                path: "/v1/comments/\(comment)", field: "text", value: "Lovelier", alsoChanges: ["editedAt"], takesEmptyBody: false),
            "updateEvent": Case(path: "/v1/events/\(event)", field: "name", value: "Big picnic", clearable: ["description", "tags", "theme"]),
            "updateMe": Case(
                path: "/v1/me", field: "bio", value: "Runner", answeredIn: "profile",
                clearable: ["bio", "phone", "givenName", "familyName"]),
        ]

        var checked: [String] = []
        for operation in try Self.patchOperations where Self.checkedElsewhere[operation] == nil {
            let patched = try #require(cases[operation], "PATCH \(operation) is in the contract but neither made here nor placed above")
            // A comment has no GET of its own: its creation's answer is what it was.
            let before = operation == "updateComment" ? commented : try await http.send("GET", patched.path, token: ana)
            #expect((200...201).contains(before.status), "\(operation): GET \(before.status)")
            if patched.takesEmptyBody {
                let empty = try await http.send("PATCH", patched.path, json: [:], token: ana)
                #expect(empty.status == 200, "\(operation): an empty patch answered \(empty.status) \(empty.text.prefix(300))")
                let unchanged = Self.changed(try before.json(), try empty.json())
                #expect(
                    unchanged.isEmpty,
                    "\(operation): an empty patch changed \(unchanged.sorted().map { "\($0): \((try? before.json())?[$0] ?? "none") → \((try? empty.json())?[$0] ?? "none")" })"
                )
            }
            let one = try await http.send("PATCH", patched.path, json: [patched.field: patched.value], token: ana)
            #expect(one.status == 200, "\(operation): \(one.status) \(one.text.prefix(300))")
            let changes = try Self.changed(before.json(), one.json())
            #expect(
                changes.subtracting(patched.alsoChanges) == [patched.answeredIn ?? patched.field],
                "\(operation): patching \(patched.field) changed \(changes.sorted())")
            for field in patched.clearable {
                let cleared = try await http.send(
                    "PATCH", patched.path, body: Data("{\"\(field)\":null}".utf8), token: ana,
                    headers: ["Content-Type": "application/json"])
                let answer = try cleared.json()
                let value = answer[field] ?? (answer[patched.answeredIn ?? ""] as? [String: Any])?[field]
                #expect(
                    cleared.status == 200 && Self.isEmpty(value), "\(operation): null did not remove \(field): \(cleared.status) \(value ?? "absent")"
                )
            }
            checked.append(operation)
        }
        // A field the object cannot be without is refused by name, not emptied.
        for (path, field) in [
            ("/v1/trips/\(trip)/pins/\(pin)", "description"), ("/v1/trips/\(trip)", "destination"), ("/v1/events/\(event)", "capacity"),
        ] {
            let refused = try await http.send(
                "PATCH", path, body: Data("{\"\(field)\":null}".utf8), token: ana, headers: ["Content-Type": "application/json"])
            #expect(
                refused.status == 400 && refused.problemFields == [field], "null \(field) on \(path): \(refused.status) \(refused.text.prefix(200))")
        }
        print("PATCH rule checked on \(checked.count) operations: \(checked.sorted().joined(separator: ", "))")
        #expect(checked.count == cases.count)
    }

    /// The top-level fields whose values differ, leaving out what any answer may change.
    static func changed(_ before: [String: Any], _ after: [String: Any]) -> Set<String> {
        Set(before.keys).union(after.keys).subtracting(volatile).filter { key in
            switch (before[key], after[key]) {
            case (nil, nil): false
            case (let a?, let b?): Self.canonical(a) != Self.canonical(b)
            default: true
            }
        }
    }

    static func isEmpty(_ value: Any?) -> Bool {
        switch value {
        case nil, is NSNull: true
        case let text as String: text.isEmpty
        case let list as [Any]: list.isEmpty
        default: false
        }
    }

    static func canonical(_ value: Any) -> Data? {
        try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    }

    /// The `operationId` of every `PATCH` in `Gateway/openapi.yaml`.
    static var patchOperations: [String] { get throws { try ContractDocument.operations("patch") } }
}
