import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Notifications

/// Every field of notifications' messages through its adapter into the store and back: a device, a
/// publication and settings with every field set (`ProtoFill`, from the descriptors), read back with no
/// field unset and each sent field as sent, and a settings edit of none changing nothing.
@Suite struct NotificationsProtoRoundTripTests {
    @Test func aDeviceAPublicationAndSettingsWithEveryFieldSetComeBackWhole() async throws {
        let tokens = await TestTokens()
        let service = NotificationsService(store: InMemoryNotificationStore())
        let user = UUID()
        try await InProcessService.run(
            [NotificationsGRPCService(notifications: service)], verifier: try await tokens.verifier(), anonymousMethods: []
        ) { grpc, _ in
            let client = Roam_Notifications_V1_NotificationsService.Client(wrapping: grpc)
            let metadata: Metadata = ["authorization": "Bearer \(try await tokens.userToken(user))"]
            let put = try ProtoFill.every(
                Roam_Notifications_V1_PutDeviceRequest.self,
                values: ["token": String(repeating: "ab", count: 32), "topic": "com.example.diary", "language": "sv-SE"])
            let device = try await client.putDevice(put, metadata: metadata)
            #expect(ProtoFill.unsetFields(of: device).isEmpty)
            // The times are the service's own.
            #expect(ProtoFill.differences(sent: put.device, received: device.device, ignoring: ["created_at", "updated_at"]).isEmpty)
            #expect(try await client.listDevices(.init(), metadata: metadata).devices == [device.device])

            let publish = try ProtoFill.every(
                Roam_Notifications_V1_PublishRequest.self,
                values: ["user_id": user.lowercasedString, "kind": "budget_alert", "time_zone": "Asia/Tokyo"])
            let asService: Metadata = ["authorization": "Bearer \(try await tokens.serviceToken("budget"))"]
            _ = try await client.publish(publish, metadata: asService)
            let inbox = try await client.listNotifications(.init(), metadata: metadata)
            let filed = try #require(inbox.notifications.first)
            #expect(ProtoFill.unsetFields(of: filed) == ["read_at"], "unread yet")
            #expect(ProtoFill.differences(sent: publish.publications[0], received: filed).isEmpty)
            // A publication of a group gathers: the inbox adds how many and who to what was sent.
            #expect(filed.data.filter { publish.publications[0].data[$0.key] != nil } == publish.publications[0].data)
            #expect(filed.data["count"] == "1")
            _ = try await client.markRead(.with { $0.ids = [filed.id] }, metadata: metadata)
            #expect(ProtoFill.unsetFields(of: try await client.listNotifications(.init(), metadata: metadata).notifications[0]).isEmpty)

            let settings = try ProtoFill.every(
                Roam_Notifications_V1_UpdateSettingsRequest.self,
                values: [
                    "muted_kinds": ["new_follower"], "start": "22:00", "end": "07:30", "remove_quiet_hours": false, "time_zone": "Europe/Oslo",
                ])
            let updated = try await client.updateSettings(settings, metadata: metadata).settings
            #expect(ProtoFill.unsetFields(of: updated).isEmpty)
            #expect(ProtoFill.differences(sent: settings, received: updated).isEmpty)
            #expect(updated.mutedKinds == settings.mutedKinds && updated.quietHours == settings.quietHours)
            #expect(try await client.updateSettings(.init(), metadata: metadata).settings == updated, "an edit that sends nothing changes nothing")
        }
    }
}
