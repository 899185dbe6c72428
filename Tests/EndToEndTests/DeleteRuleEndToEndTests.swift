import Foundation
import RoamTesting
import Testing

/// One rule for `DELETE`, held against the contract on real processes: for every operation the
/// document declares, the owner's first delete answers 2xx, a stranger's and a repeated one 404 (a
/// client retrying a delete that timed out reads 404 as done). Every operation is either made here or
/// named below with where it is checked or why it has no stranger, so a new `DELETE` in the contract
/// fails this test until it is placed. Taking back a relation or a state (a like, a vote, a follow, a
/// ban, a completion) is a delete too: 404 when there is none.
@Suite struct DeleteRuleEndToEndTests {
    /// Checked elsewhere: their objects need a catalog place or an upload.
    static let checkedElsewhere: [String: String] = [
        "removeItineraryItem": "GatewayTripsTests", "removeSavedPlace": "GatewayTripsTests", "deleteMedia": "GatewayMediaTests",
        "clearInferredPosition": "GatewayMediaTests",
        // A tus termination carries Tus-Resumable; the same rule is checked there.
        "cancelResumableUpload": "ResumableUploadEndToEndTests",
    ]
    /// About the caller's own account or sessions: there is no stranger's delete.
    static let ownAccount: Set<String> = ["deleteMe", "revokeSession", "revokeOtherSessions", "unlinkProvider"]

    @Test func everyDeleteAnswers404ToAStrangerAndOnARepeat() async throws {
        try await onFullStack(Self.check)
    }

    static func check(_ http: HTTPTestClient) async throws {
        let suffix = Int.random(in: 10_000...99_999)
        let (ana, bo) = (try await http.signUp("owner\(suffix)").token, try await http.signUp("stranger\(suffix)").token)
        let cy = try await http.signUp("third\(suffix)")
        func made(_ path: String, _ json: [String: Any], key: String = "id") async throws -> String {
            try await http.created(path, json, token: ana, key: key)
        }
        /// Ana's `PUT` of a relation or a state, and where to take it back.
        func put(_ path: String, _ json: [String: Any]? = nil) async throws -> String {
            let reply = try await http.send("PUT", path, json: json, token: ana)
            guard (200...299).contains(reply.status) else { throw TestFailure("PUT \(path): \(reply.status) \(reply.text.prefix(300))") }
            return path
        }
        let point: [String: Any] = ["latitude": 38.71, "longitude": -9.14]
        let trip = try await made(
            "/v1/trips",
            [
                "title": "Lisbon", "destination": ["name": "Lisbon", "point": point], "startDate": "2031-06-10",
                "endDate": "2031-06-17", "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
            ])
        let walk = try await made("/v1/walks", ["title": "Alfama", "start": ["point": point]])
        let list = try await made("/v1/lists", ["title": "Someday"])
        let event: [String: Any] = ["name": "Picnic", "center": point, "radiusMeters": 200, "capacity": 10, "durationSeconds": 3600]
        let story = try await made("/v1/stories", ["text": "Here", "place": point.merging(["name": "Rossio"]) { $1 }], key: "postId")

        // Each fixture makes one of Ana's objects and says where to delete it.
        let fixtures: [String: () async throws -> String] = [
            "deleteTrip": {
                "/v1/trips/\(try await made("/v1/trips", ["title": "Porto", "destination": ["name": "Porto", "point": point], "startDate": "2031-07-01", "endDate": "2031-07-02", "timeZone": "Europe/Lisbon", "homeCurrency": "EUR"]))"
            },
            "deletePin": {
                "/v1/trips/\(trip)/pins/\(try await made("/v1/trips/\(trip)/pins", ["title": "Rossio", "description": "Square", "point": point, "visitedAt": "2031-06-12T09:30:00.000Z"]))"
            },
            "deleteJournalEntry": {
                "/v1/trips/\(trip)/journal/\(try await made("/v1/trips/\(trip)/journal", ["title": "Day one", "body": "Trams", "date": "2031-06-12"]))"
            },
            "deleteExpense": {
                "/v1/trips/\(trip)/expenses/\(try await made("/v1/trips/\(trip)/expenses", ["amount": "4.50", "currency": "EUR", "spentAt": "2031-06-12T12:00:00.000Z", "category": "food"]))"
            },
            "deleteWalk": { "/v1/walks/\(try await made("/v1/walks", ["title": "Baixa", "start": ["point": point]]))" },
            "removePointOfInterest": {
                let reply = try await http.send(
                    "POST", "/v1/walks/\(walk)/points-of-interest", json: ["point": point, "name": "Viewpoint"], token: ana)
                let points = try #require(try reply.json()["pointsOfInterest"] as? [[String: Any]], "\(reply.status) \(reply.text.prefix(300))")
                return "/v1/walks/\(walk)/points-of-interest/\(try #require(points.last?["id"] as? String))"
            },
            "deleteBucketList": { "/v1/lists/\(try await made("/v1/lists", ["title": "Later"]))" },
            "deleteBucketItem": { "/v1/items/\(try await made("/v1/lists/\(list)/items", ["title": "Skydive"]))" },
            "deletePlace": { "/v1/places/\(try await made("/v1/places", ["name": "My bench", "point": point]))" },
            "deleteActivity": {
                "/v1/activities/\(try await made("/v1/activities", ["name": "Tram 28", "place": ["point": point, "name": "Graça"]]))"
            },
            "deletePost": {
                "/v1/posts/\(try await made("/v1/stories", ["text": "Tiles", "place": point.merging(["name": "Alfama"]) { $1 }], key: "postId"))"
            },
            "unfollowPlace": {
                let followed = try await http.send(
                    "PUT", "/v1/places/follow", json: ["latitude": 38.71, "longitude": -9.14, "name": "Rossio", "radiusMeters": 300], token: ana)
                #expect(followed.status == 200, "\(followed.text.prefix(200))")
                return "/v1/places/follow?lat=38.71&lng=-9.14"
            },
            "withdrawActivityVote": {
                try await put(
                    "/v1/activities/\(try await made("/v1/activities", ["name": "Fado", "place": ["point": point, "name": "Alfama"]]))/vote",
                    ["vote": "up"])
            },
            "unfavouriteActivity": {
                try await put(
                    "/v1/activities/\(try await made("/v1/activities", ["name": "Miradouro", "place": ["point": point, "name": "Graça"]]))/favourite")
            },
            "unlikePost": { try await put("/v1/posts/\(story)/like") },
            "unlikeComment": {
                try await put("/v1/comments/\(try await made("/v1/posts/\(story)/comments", ["text": "Yes"], key: "commentId"))/like")
            },
            "unsavePost": { try await put("/v1/posts/\(story)/save") },
            "unfollow": { try await put("/v1/users/third\(suffix)/follow") },
            "unblock": { try await put("/v1/users/third\(suffix)/block") },
            "reopenBucketItem": {
                try await put("/v1/items/\(try await made("/v1/lists/\(list)/items", ["title": "Fado night"]))/completion", ["note": "Sung"])
            },
            "deleteTripRate": { try await put("/v1/trips/\(trip)/rates/USD", ["rate": "0.9"]) },
            "deleteBudget": { try await put("/v1/trips/\(trip)/budget", ["total": "500"]) },
            "clearDailyReminder": { try await put("/v1/trips/\(trip)/daily-reminder", ["time": "20:30"]) },
            "deleteEvent": { "/v1/events/\(try await made("/v1/events", event, key: "eventId"))" },
            "unbanMember": { try await put("/v1/events/\(try await made("/v1/events", event, key: "eventId"))/bans/\(cy.id.lowercasedString)") },
            "deleteDevice": { try await put("/v1/me/devices/\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))", ["platform": "fcm"]) },
            "deleteComment": { "/v1/comments/\(try await made("/v1/posts/\(story)/comments", ["text": "Lovely"], key: "commentId"))" },
        ]

        var checked: [String] = []
        for operation in try Self.deleteOperations {
            if Self.checkedElsewhere[operation] != nil || Self.ownAccount.contains(operation) { continue }
            let fixture = try #require(fixtures[operation], "DELETE \(operation) is in the contract but neither made here nor placed above")
            let path = try await fixture()
            let stranger = try await http.send("DELETE", path, token: bo)
            #expect(stranger.status == 404, "\(operation): a stranger's delete answered \(stranger.status)")
            let first = try await http.send("DELETE", path, token: ana)
            #expect((200...299).contains(first.status), "\(operation): the owner's delete answered \(first.status) \(first.text.prefix(200))")
            let again = try await http.send("DELETE", path, token: ana)
            #expect(again.status == 404, "\(operation): a repeated delete answered \(again.status)")
            checked.append(operation)
        }
        print("DELETE rule checked on \(checked.count) operations: \(checked.sorted().joined(separator: ", "))")
        #expect(checked.count == fixtures.count)
    }

    /// The `operationId` of every `DELETE` in `Gateway/openapi.yaml`.
    static var deleteOperations: [String] { get throws { try ContractDocument.operations("delete") } }
}
