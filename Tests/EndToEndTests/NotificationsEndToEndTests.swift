import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamClient
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

/// Devices, the inbox and notification settings through the gateway, with accounts and notifications as
/// real processes on real PostgreSQL; publications filed over gRPC with the service credential, as the
/// other services file them.
@Suite struct NotificationsEndToEndTests {
    static let apnsToken = String(repeating: "0f", count: 32)

    @Test func devicesAreRegisteredRefreshedMovedAndRemoved() async throws {
        try await withStack { http, _ in
            let suffix = Int.random(in: 10_000...99_999)
            let (_, ada) = try await http.signUp("ada\(suffix)")
            let (_, bo) = try await http.signUp("bo\(suffix)")
            let path = "/v1/me/devices/\(Self.apnsToken)"

            let first = try await http.send("PUT", path, json: ["platform": "apns", "apnsEnvironment": "sandbox", "language": "sv"], token: ada)
            #expect(first.status == 201, "\(first.text)")
            #expect(try first.json()["apnsEnvironment"] as? String == "sandbox" && first.json()["language"] as? String == "sv")
            let again = try await http.send("PUT", path, json: ["platform": "apns", "apnsEnvironment": "sandbox"], token: ada)
            let (createdAgain, createdFirst) = (try again.json()["createdAt"] as? String, try first.json()["createdAt"] as? String)
            #expect(again.status == 200 && createdAgain == createdFirst, "\(again.text)")
            let listed = try await http.send("GET", "/v1/me/devices", token: ada).json()["devices"] as? [[String: Any]]
            #expect(listed?.compactMap { $0["token"] as? String } == [Self.apnsToken])

            // Wrong input names the field as the client sent it.
            for (token, body, field) in [
                ("short", ["platform": "apns"], "token"), (Self.apnsToken, ["platform": "sms"], "platform"),
                (Self.apnsToken, ["platform": "fcm", "apnsEnvironment": "sandbox"], "apnsEnvironment"),
                (Self.apnsToken, ["platform": "apns", "topic": "not/a bundle"], "topic"),
                (Self.apnsToken, ["platform": "apns", "language": "klingon!"], "language"),
            ] as [(String, [String: Any], String)] {
                let refused = try await http.send("PUT", "/v1/me/devices/\(token)", json: body, token: ada)
                #expect((400...422).contains(refused.status) && refused.problemFields == [field], "\(field): \(refused.status) \(refused.text)")
            }
            #expect(try await http.send("PUT", path, json: ["platform": "apns"]).status == 401)

            // Bo signs in on Ada's phone: the device is his now, and Ada's DELETE is a stranger's.
            #expect(try await http.send("PUT", path, json: ["platform": "apns"], token: bo).status == 201)
            #expect((try await http.send("GET", "/v1/me/devices", token: ada).json()["devices"] as? [Any])?.isEmpty == true)
            #expect(try await http.send("DELETE", path, token: ada).status == 404)
            #expect(try await http.send("DELETE", path, token: bo).status == 204)
            #expect(try await http.send("DELETE", path, token: bo).status == 404)
        }
    }

    @Test func theInboxListsWhatWasPublishedOnceAndMarksItRead() async throws {
        try await withStack { http, notificationsPort in
            let suffix = Int.random(in: 10_000...99_999)
            let (ada, token) = try await http.signUp("cy\(suffix)")
            let empty = try await http.send("GET", "/v1/me/notifications", token: token)
            let emptyCount = try empty.json()["unreadCount"] as? Int
            #expect(empty.status == 200 && emptyCount == 0, "\(empty.text)")

            // Budget files three alerts, one of them twice (its outbox retried).
            let publications = (0..<3).map { index in
                Roam_Notifications_V1_Publication.with {
                    $0.userID = ada.lowercasedString
                    $0.kind = "budget_alert"
                    $0.key = "budget_alert:\(index)"
                    $0.data = ["tripId": UUID().lowercasedString, "percent": "\(80 + index)"]
                    $0.threadID = "trip"
                    $0.at = .init(date: Date(timeIntervalSinceNow: Double(index)))
                }
            }
            let ids = try await publish(publications + [publications[0]], port: notificationsPort)
            #expect(ids.count == 4 && ids[3] == ids[0] && Set(ids).count == 3)
            // A user's token may not publish.
            await #expect(throws: RPCError.self) { _ = try await publish(publications, port: notificationsPort, token: token) }

            let page = try await http.send("GET", "/v1/me/notifications?pageSize=2", token: token).json()
            let items = page["notifications"] as? [[String: Any]] ?? []
            #expect(items.compactMap { ($0["data"] as? [String: String])?["percent"] } == ["82", "81"])
            #expect(page["unreadCount"] as? Int == 3 && items.first?["kind"] as? String == "budget_alert" && items.first?["readAt"] == nil)
            let next = try #require(page["nextPageToken"] as? String)
            let rest = try await http.send("GET", "/v1/me/notifications?pageSize=2&pageToken=\(next)", token: token).json()
            #expect((rest["notifications"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [ids[0]])

            let read = try await http.send("POST", "/v1/me/notifications/read", json: ["ids": [ids[2], ids[2]]], token: token)
            #expect(try read.json()["marked"] as? Int == 1 && read.json()["unreadCount"] as? Int == 2, "\(read.text)")
            let unread = try await http.send("GET", "/v1/me/notifications?unread=true", token: token).json()
            #expect((unread["notifications"] as? [[String: Any]])?.count == 2)
            for (body, field) in [(["ids": []], "ids"), (["ids": ["nope"]], "ids[0]"), (["ids": [ids[0]], "all": true], "ids")]
                as [([String: Any], String)]
            {
                let refused = try await http.send("POST", "/v1/me/notifications/read", json: body, token: token)
                #expect((400...422).contains(refused.status) && refused.problemFields == [field], "\(field): \(refused.status) \(refused.text)")
            }
            let all = try await http.send("POST", "/v1/me/notifications/read", json: ["all": true], token: token)
            #expect(try all.json()["marked"] as? Int == 2 && all.json()["unreadCount"] as? Int == 0, "\(all.text)")

            // Someone else sees none of it.
            let (_, stranger) = try await http.signUp("dee\(suffix)")
            #expect(try await http.send("GET", "/v1/me/notifications", token: stranger).json()["unreadCount"] as? Int == 0)
        }
    }

    @Test func settingsChangeOnlyWhatIsSent() async throws {
        try await withStack { http, _ in
            let (_, token) = try await http.signUp("eve\(Int.random(in: 10_000...99_999))")
            let defaults = try await http.send("GET", "/v1/me/notification-settings", token: token).json()
            #expect(defaults["pushPaused"] as? Bool == false && defaults["timeZone"] as? String == "UTC" && defaults["quietHours"] == nil)
            let quiet = try await http.send(
                "PATCH", "/v1/me/notification-settings",
                json: ["quietHours": ["start": "22:00", "end": "07:00"], "timeZone": "Asia/Kolkata", "mutedKinds": ["member_joined"]], token: token)
            #expect(quiet.status == 200, "\(quiet.text)")
            let paused = try await http.send("PATCH", "/v1/me/notification-settings", json: ["pushPaused": true], token: token).json()
            #expect((paused["quietHours"] as? [String: String]) == ["start": "22:00", "end": "07:00"])
            #expect(paused["mutedKinds"] as? [String] == ["member_joined"] && paused["pushPaused"] as? Bool == true)
            let cleared = try await http.send(
                "PATCH", "/v1/me/notification-settings", json: ["quietHours": NSNull(), "mutedKinds": NSNull()], token: token)
            #expect(try cleared.json()["quietHours"] == nil && cleared.json()["mutedKinds"] as? [String] == [], "\(cleared.text)")
            for (body, field) in [
                (["timeZone": "GMT+2"], "timeZone"), (["quietHours": ["start": "25:00", "end": "07:00"]], "quietHours.start"),
                (["quietHours": ["start": "07:00", "end": "07:00"]], "quietHours.end"), (["mutedKinds": ["Budget Alert"]], "mutedKinds"),
            ] as [([String: Any], String)] {
                let refused = try await http.send("PATCH", "/v1/me/notification-settings", json: body, token: token)
                #expect((400...422).contains(refused.status) && refused.problemFields == [field], "\(field): \(refused.status) \(refused.text)")
            }
        }
    }

    @Test func roamClientRegistersADeviceAndReadsTheInbox() async throws {
        try await withStack { http, notificationsPort in
            let session = RoamSession(gateway: http.base, store: InMemoryTokenStore())
            let name = "fay\(Int.random(in: 10_000...99_999))"
            let signedIn = try await session.signUp(
                .init(displayName: "Fay", email: "\(name)@example.com", password: "correct horse battery", username: name))
            let token = Data((0..<32).map { UInt8($0 * 7 % 256) })
            let device = try await session.registerAPNsDevice(token: token, sandbox: true, topic: "com.example.diary", language: "sv")
            #expect(device.token == token.map { String(format: "%02x", $0) }.joined() && device.apnsEnvironment == .sandbox)
            #expect(try await session.registerAPNsDevice(token: token, sandbox: true).createdAt == device.createdAt)

            _ = try await publish(
                (0..<3).map { index in
                    .with {
                        $0.userID = signedIn.account.userId
                        $0.kind = "trip_starting"
                        $0.key = "trip_starting:\(index)"
                        $0.data = ["tripId": UUID().lowercasedString]
                        $0.at = .init(date: Date(timeIntervalSinceNow: Double(index)))
                    }
                }, port: notificationsPort)
            #expect(try await session.unreadCount() == 3)
            var kinds: [String] = []
            for try await notification in session.inbox(unreadOnly: true) { kinds.append(notification.kind) }
            #expect(kinds == ["trip_starting", "trip_starting", "trip_starting"])
            #expect(try await session.markNotificationsRead(nil) == 0)

            try await session.unregisterDevice(token: device.token)
            try await session.unregisterDevice(token: device.token)
            #expect(try await session.client.listDevices().ok.body.json.devices.isEmpty)
        }
    }

    func publish(_ publications: [Roam_Notifications_V1_Publication], port: Int, token: String? = nil) async throws -> [String] {
        let bearer =
            if let token { token } else {
                try await ServiceCredential(serviceName: "budget", secret: ServiceSettings.developmentServiceSecret).token()
            }
        let transport = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
        return try await withGRPCClient(transport: transport) { grpc in
            try await Roam_Notifications_V1_NotificationsService.Client(wrapping: grpc).publish(
                .with { $0.publications = publications }, metadata: ["authorization": "Bearer \(bearer)"]
            ).ids
        }
    }

    /// Accounts, notifications and a gateway in front of them.
    func withStack(_ body: (HTTPTestClient, Int) async throws -> Void) async throws {
        let stack = try await ProcessStack.startAccounts()
        let (notifications, port) = try await stack.startNotifications()
        let (gateway, http) = try await stack.startGateway(environment: ["NOTIFICATIONS_ADDRESS": "127.0.0.1:\(port)"], readyPath: "/healthz")
        do {
            try await body(http, port)
        } catch {
            for process in [gateway, notifications, stack.accounts] { _ = await process.stop() }
            throw error
        }
        await expectCleanStops(gateway, notifications, stack.accounts)
    }
}
