import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import MediaTesting
import PostgresNIO
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

/// Deleting an account reaches every service: one user makes something in each, deletes the account,
/// is refused with the old token everywhere, and then no row in any schema and no blob file names them.
enum ErasureCheck {
    /// Rows of any table of the services' schemas with a `uuid` or `uuid[]` column holding `user`,
    /// as `schema.table.column` → count. Left out: the deletion's own records, which hold nothing but
    /// the id (the revocation, kept while old tokens could live; the outbox entry, kept 90 days as the
    /// receipt of who acknowledged; each service's mark that refuses the user's writes from then on; the
    /// moderators' audit log, which keeps who acted on what, when and why, without the user's content).
    static func rowsNaming(_ user: UUID, stack: FullStack) async throws -> [String: Int] {
        try await ProcessStack.withAdmin(stack.adminURL) { client in
            let logger = Logger(label: "erasure")
            let columns = try await client.query(
                """
                SELECT table_schema, table_name, column_name, data_type FROM information_schema.columns
                WHERE table_schema IN ('accounts', 'events', 'feed', 'media', 'trips', 'budget', 'bucketlists', 'notifications', 'moderation')
                  AND (data_type = 'uuid' OR udt_name = '_uuid')
                  AND table_name NOT IN ('revocations', 'outbox', 'purged_users', 'audit')
                """, logger: logger
            ).collect().map { try $0.decode((String, String, String, String).self) }
            var found: [String: Int] = [:]
            for (schema, table, column, type) in columns {
                let condition = type == "uuid" ? "\"\(column)\" = $1" : "$1 = ANY(\"\(column)\")"
                var query = PostgresQuery(unsafeSQL: "SELECT count(*) FROM \"\(schema)\".\"\(table)\" WHERE \(condition)")
                try query.binds.append(user, context: .default)
                let count = try await client.query(query, logger: logger).collect().first?.decode(Int.self) ?? 0
                if count > 0 { found["\(schema).\(table).\(column)"] = count }
            }
            return found
        }
    }

    static func run(on stack: FullStack) async throws {
        let http = stack.http
        let suffix = Int.random(in: 10_000...99_999)
        let (gone, token) = try await http.signUp("gone\(suffix)")
        let (_, other) = try await http.signUp("stays\(suffix)")
        func made(
            _ method: String, _ path: String, _ json: [String: Any]? = nil, as caller: String? = nil, body: Data? = nil,
            headers: [String: String] = [:]
        ) async throws -> [String: Any] {
            let reply = try await http.send(method, path, json: json, body: body, token: caller ?? token, headers: headers)
            #expect((200..<300).contains(reply.status), "\(method) \(path): \(reply.status) \(reply.text)")
            return (try? reply.json()) ?? [:]
        }
        let here: [String: Any] = ["latitude": 59.3326, "longitude": 18.0649]

        // Trips: a trip, a pin, a journal entry; the budget and an expense.
        let trip = try #require(
            try await made(
                "POST", "/v1/trips",
                [
                    "title": "Lisbon", "destination": ["name": "Lisbon"], "startDate": "2031-06-10",
                    "endDate": "2031-06-17", "timeZone": "Europe/Lisbon", "homeCurrency": "EUR",
                ])["id"] as? String)
        _ = try await made(
            "POST", "/v1/trips/\(trip)/pins",
            [
                "title": "Alfama", "description": "Old town", "point": ["latitude": 38.7118, "longitude": -9.13],
                "visitedAt": "2031-06-11T10:00:00Z",
            ])
        _ = try await made("POST", "/v1/trips/\(trip)/journal", ["title": "Arrival", "body": "Tiles.", "date": "2031-06-10"])
        _ = try await made("PUT", "/v1/trips/\(trip)/budget", ["total": "300"])
        _ = try await made(
            "POST", "/v1/trips/\(trip)/expenses",
            [
                "amount": "12.50", "currency": "EUR", "spentAt": "2031-06-11T12:00:00Z",
                "category": "food",
            ])
        // A walk with a point.
        let iso = ISO8601DateFormatter()
        let walk = try #require(
            try await made(
                "POST", "/v1/walks",
                [
                    "title": "Old town", "start": ["point": here],
                    "startedAt": iso.string(from: Date().addingTimeInterval(-120)),
                ])["id"] as? String)
        _ = try await made(
            "POST", "/v1/walks/\(walk)/points",
            [
                "points": [
                    [
                        "at": iso.string(from: Date().addingTimeInterval(-60)), "latitude": 59.3327,
                        "longitude": 18.0650,
                    ]
                ]
            ])
        // Bucket lists: a list with an item, an activity with a vote.
        let list = try #require(try await made("POST", "/v1/lists", ["title": "Stockholm", "visibility": "public"])["id"] as? String)
        _ = try await made("POST", "/v1/lists/\(list)/items", ["title": "Swim", "place": ["point": here, "name": "Strömmen"]])
        let activity = try #require(
            try await made("POST", "/v1/activities", ["name": "Kayak", "place": ["point": here, "name": "Skeppsholmen"]])["id"]
                as? String)
        _ = try await made("PUT", "/v1/activities/\(activity)/vote", ["vote": "up"], as: other)
        _ = try await made("PUT", "/v1/activities/\(activity)/vote", ["vote": "up"])
        // Media with its blobs, shown on a story; a comment and a like on someone else's story.
        let photo = try #require(
            try await made(
                "POST", "/v1/media", body: try TestPhoto.bytes(exif: TestPhoto.cameraFields),
                headers: ["Content-Type": "image/jpeg"])["mediaId"] as? String)
        let harbour = try #require(
            try await made("POST", "/v1/stories", ["text": "Harbour", "mediaIds": [photo], "place": here.merging(["name": "Harbour"]) { $1 }])[
                "postId"] as? String)
        let theirs = try #require(
            try await made("POST", "/v1/stories", ["text": "Fika", "place": here.merging(["name": "Café"]) { $1 }], as: other)["postId"]
                as? String)
        _ = try await made("POST", "/v1/posts/\(theirs)/comments", ["text": "Lovely"])
        _ = try await made("PUT", "/v1/posts/\(theirs)/like")
        // Moderation: a report they filed, and an open case about their story.
        _ = try await made("POST", "/v1/reports", ["subject": ["kind": "post", "id": theirs], "reason": "spam"])
        _ = try await made("POST", "/v1/reports", ["subject": ["kind": "post", "id": harbour], "reason": "spam"], as: other)
        // Events: one hosted, and a membership with a position and a chat line in someone else's.
        _ = try await made("POST", "/v1/events", ["name": "Mine", "center": here, "radiusMeters": 200, "capacity": 10, "durationSeconds": 3600])
        let party = try #require(
            try await made(
                "POST", "/v1/events",
                [
                    "name": "Theirs", "center": here, "radiusMeters": 200, "capacity": 10,
                    "durationSeconds": 3600,
                ], as: other)["eventId"] as? String)
        _ = try await made("POST", "/v1/events/\(party)/join", here.merging(["accuracyMeters": 5]) { $1 })
        _ = try await made("POST", "/v1/events/\(party)/chat", ["text": "Hello"])

        // Notifications: a device registered for push and settings of their own.
        _ = try await made("PUT", "/v1/me/devices/\(String(repeating: "ab", count: 32))", ["platform": "apns", "apnsEnvironment": "sandbox"])
        _ = try await made("PATCH", "/v1/me/notification-settings", ["mutedKinds": ["member_joined"]])

        let before = try await Self.rowsNaming(gone, stack: stack)
        #expect(
            before.keys.contains { $0.hasPrefix("events.") } && before.keys.contains { $0.hasPrefix("media.") }
                && before.keys.contains { $0.hasPrefix("budget.") } && before.keys.contains { $0.hasPrefix("bucketlists.") }
                && before.keys.contains { $0.hasPrefix("feed.") } && before.keys.contains { $0.hasPrefix("trips.") }
                && before.keys.contains { $0.hasPrefix("notifications.") }
                && before.keys.contains { $0 == "moderation.reports.reporter_id" } && before.keys.contains { $0 == "moderation.cases.author_id" },
            "\(before)")
        let blobs = stack.mediaDirectory.appendingPathComponent("blobs")
        func blobFiles() -> [String] {
            (FileManager.default.enumerator(atPath: blobs.path)?.allObjects as? [String] ?? [])
                .filter { $0.contains(gone.lowercasedString) && !$0.hasSuffix("/") && !$0.hasSuffix(gone.lowercasedString) }
        }
        #expect(!blobFiles().isEmpty, "the photo's blobs are under the owner's name")

        let deleted = ContinuousClock.now
        #expect(try await http.send("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: token).status == 204)
        // The old token is refused everywhere, for writes too.
        for (method, path) in [("GET", "/v1/me"), ("POST", "/v1/trips"), ("POST", "/v1/lists"), ("POST", "/v1/stories"), ("GET", "/v1/me/media")] {
            let reply = try await http.send(method, path, json: method == "POST" ? ["title": "again"] : nil, token: token)
            #expect(reply.status == 401, "\(method) \(path) answered \(reply.status)")
        }
        // Every service acknowledges its purge; then nothing names the user.
        var left = try await Self.rowsNaming(gone, stack: stack)
        while (!left.isEmpty || !blobFiles().isEmpty) && ContinuousClock.now - deleted < .seconds(60) {
            try await Task.sleep(for: .milliseconds(200))
            left = try await Self.rowsNaming(gone, stack: stack)
        }
        print(
            "erasure: \(before.values.reduce(0, +)) rows in \(before.count) columns before; everything gone "
                + "\(ContinuousClock.now - deleted) after the deletion was acknowledged")
        #expect(left.isEmpty, "rows left: \(left)")
        // Every service marked the user first, so no write of theirs can land after its purge.
        for schema in ["events", "feed", "media", "trips", "budget", "bucketlists", "notifications", "moderation"] {
            let marks = try await stack.count("SELECT count(*) FROM \(unescaped: schema).purged_users WHERE user_id = \(gone)")
            #expect(marks == 1, "\(schema) has no mark of the purged user")
        }
        #expect(blobFiles().isEmpty, "blob files left: \(blobFiles())")
        // The other user's story stays; their vote still counts and the deleted user's is withdrawn.
        #expect(try await http.send("GET", "/v1/posts/\(theirs)", token: other).status == 200)
        try await checkPurgeReport(of: gone, on: stack, userToken: other)
    }

    /// `roam purges USER_ID` shows each service's acknowledgement with its time; a user's token may not ask.
    static func checkPurgeReport(of user: UUID, on stack: FullStack, userToken: String) async throws {
        let accounts = "127.0.0.1:\(try #require(stack.grpcPort("accounts")))"
        var report = try await runRoam(["purges", user.lowercasedString], environment: ["ACCOUNTS_ADDRESS": accounts])
        let asked = ContinuousClock.now
        while !report.output.contains("forgotten everywhere") && ContinuousClock.now - asked < .seconds(15) {
            try await Task.sleep(for: .milliseconds(200))
            report = try await runRoam(["purges", user.lowercasedString], environment: ["ACCOUNTS_ADDRESS": accounts])
        }
        print("roam purges \(user.lowercasedString):\n\(report.output)")
        #expect(report.status == 0 && report.output.contains("user \(user.lowercasedString)  deleted 20"), "\(report.output)")
        #expect(report.output.contains("forgotten everywhere at 20"), "\(report.output)")
        for service in ["events", "feed", "media", "trips", "bucketlists", "notifications", "moderation"] {
            let acknowledged = try Regex("\\n  \(service) +acknowledged 20\\d\\d-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z")
            #expect(report.output.contains(acknowledged), "\(service): \(report.output)")
        }
        let listed = try await runRoam(["purges"], environment: ["ACCOUNTS_ADDRESS": accounts])
        #expect(listed.status == 0 && listed.output.contains("user \(user.lowercasedString)"), "\(listed.output)")
        let stranger = try await runRoam(["purges", UUID().lowercasedString], environment: ["ACCOUNTS_ADDRESS": accounts])
        #expect(stranger.status == 0 && stranger.output.contains("no deletion of user"), "\(stranger.output)")
        let malformed = try await runRoam(["purges", "gone"], environment: ["ACCOUNTS_ADDRESS": accounts])
        #expect(malformed.status == 64 && malformed.output.contains("<user-id> must be"), "\(malformed.output)")
        let forged = try await runRoam(
            ["purges"], environment: ["ACCOUNTS_ADDRESS": accounts, "ROAM_SERVICE_SECRET": String(repeating: "f", count: 64)])
        #expect(forged.status == 2 && forged.output.contains("unauthenticated"), "\(forged.output)")

        var metadata = Metadata()
        metadata.addString("Bearer \(userToken)", forKey: "authorization")
        let port = try #require(stack.grpcPort("accounts"))
        try await withGRPCClient(transport: .http2NIOPosix(target: .ipv4(host: "127.0.0.1", port: port), transportSecurity: .plaintext)) { client in
            let error = await #expect(throws: RPCError.self) {
                _ = try await Roam_Purge_V1_PurgeReportService.Client(wrapping: client).listPurges(
                    .with { $0.topic = "user_deleted" }, metadata: metadata)
            }
            #expect(error?.code == .permissionDenied)
        }
    }
}
