import Foundation
import RoamCore
import RoamLocal
import RoamRuntime
import RoamTesting
import Testing

@testable import Gateway
@testable import Notifications

/// The notification stream's inbox part: what only the notifications service has (new followers,
/// comments, replies, likes) comes on `/v1/me/notifications/stream` with an SSE id, gathered likes again
/// as they gather, nothing the other parts send twice, and nothing repeated after `Last-Event-ID`.
@Suite struct GatewayInboxStreamTests {
    static func like(for user: UUID, by liker: UUID, count: Int) -> Publication {
        Publication(
            userID: user, kind: "likes", key: "like:post/p:\(liker.lowercasedString)",
            data: ["subjectKind": "story", "subjectId": UUID().lowercasedString, "actorId": liker.lowercasedString, "count": "\(count)"],
            threadID: "post:p", at: Date(), group: "likes:post/p")
    }

    @Test func followersAndGatheredLikesComeOnTheStreamAndResumeWithoutRepeats() async throws {
        let inbox = UserStreams<UUID>()
        let service = NotificationsService(
            store: InMemoryNotificationStore(),
            announce: { filed in for notification in filed { inbox.deliver(notification.id, to: notification.userID) } })
        try await GatewayHarness.withAccounts(
            settings: try GatewayNotificationStreamTests.streamSettings(),
            notifications: [NotificationsGRPCService(notifications: service, streams: inbox)]
        ) { http in
            let (user, token, lines, curl) = try await GatewayNotificationStreamTests.openStream(http)
            defer { curl.terminate() }
            #expect(await lines.waitFor { $0 == "event: connected" })
            let (bo, cy) = (UUID(), UUID())
            _ = try await service.publish([
                Publication(
                    userID: user, kind: "new_follower", key: "new_follower:\(bo)", data: ["actorId": bo.lowercasedString], threadID: "followers",
                    at: Date())
            ])
            // Budget's own part sends its alerts: the inbox part leaves them out.
            _ = try await service.publish([
                Publication(userID: user, kind: "budget_alert", key: "budget_alert:a", data: ["percent": "80"], at: Date())
            ])
            _ = try await service.publish([Self.like(for: user, by: bo, count: 1)])
            #expect(await lines.waitFor { $0 == "event: likes" })
            _ = try await service.publish([Self.like(for: user, by: cy, count: 2)])
            #expect(await lines.waitFor { $0.contains("\"count\":2") })
            let all = lines.all
            let follower = try #require(all.firstIndex(of: "event: new_follower"))
            let data = try #require(all[(follower + 1)...].first { $0.hasPrefix("data: ") })
            #expect(data.contains("\"userId\":\"\(bo.lowercasedString)\"") && data.contains("\"notificationId\":"), "\(data)")
            #expect(all[follower - 1].hasPrefix("id: ") && all[follower - 1].contains("inbox="), "\(all[follower - 1])")
            #expect(!all.contains("event: budget_alert"))
            let likes = all.indices.filter { all[$0] == "event: likes" }
            #expect(likes.count == 2 && Set(likes.map { all[$0 - 1] }).count == 2, "each gathering has its own id")
            let gathered = try #require(all.last { $0.contains("\"count\":2") })
            #expect(gathered.contains("\"userIds\":[\"\(cy.lowercasedString)\",\"\(bo.lowercasedString)\"]"), "\(gathered)")

            // Back after the follower: the likes (as they stand now) once, the follower not again.
            let resumeID = String(all[follower - 1].dropFirst(4))
            let (again, againCurl) = try Self.reopen(http, token: token, lastEventID: resumeID)
            defer { againCurl.terminate() }
            // The inbox part sends what was missed once it is listening, so a heartbeat after the likes
            // closes the replay.
            #expect(await again.waitFor { $0 == "event: likes" })
            #expect(await again.waitUntil { $0.drop { $0 != "event: likes" }.contains(": keep-alive") })
            #expect(again.all.filter { $0 == "event: likes" }.count == 1 && !again.all.contains("event: new_follower"), "\(again.all)")
        }
    }

    static func reopen(_ http: HTTPTestClient, token: String, lastEventID: String) throws -> (LineSink, ChildProcess) {
        let lines = LineSink()
        let curl = try ChildProcess(
            name: "curl", executable: "/usr/bin/curl",
            arguments: [
                "-sN", "-H", "Authorization: Bearer \(token)", "-H", "Last-Event-ID: \(lastEventID)",
                "\(http.base.absoluteString)/v1/me/notifications/stream",
            ],
            environment: [:]
        ) { lines.append($0) }
        return (lines, curl)
    }
}
