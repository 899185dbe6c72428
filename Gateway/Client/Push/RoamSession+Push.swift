import Foundation
import RoamAPI

/// Push devices and the inbox: what an app calls once it has a push token, and to show what it was sent.
extension RoamSession {
    /// Registers this device for push, or refreshes it: call it at every launch with the token the
    /// system gave the app (`didRegisterForRemoteNotificationsWithDeviceToken` on iOS), since tokens
    /// change. An APNs token's bytes are sent as the hexadecimal text APNs expects.
    /// - Parameters:
    ///   - token: the device token the system gave the app.
    ///   - sandbox: a build run from Xcode (its tokens are valid on Apple's sandbox only).
    ///   - topic: the app's bundle id; nil uses the deployment's `APNS_TOPIC`.
    ///   - language: the language push texts come in (a BCP 47 tag); nil for English.
    @discardableResult
    public nonisolated func registerAPNsDevice(
        token: Data, sandbox: Bool = false, topic: String? = nil, language: String? = nil
    ) async throws -> Components.Schemas.Device {
        let hex = token.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        return try await registerDevice(
            token: hex, .init(platform: .apns, apnsEnvironment: sandbox ? .sandbox : .production, topic: topic, language: language))
    }

    /// Registers a Firebase Cloud Messaging registration token for push, or refreshes it.
    @discardableResult
    public nonisolated func registerFCMDevice(token: String, language: String? = nil) async throws -> Components.Schemas.Device {
        try await registerDevice(token: token, .init(platform: .fcm, language: language))
    }

    /// Registers (201) or refreshes (200) a device.
    public nonisolated func registerDevice(
        token: String, _ registration: Components.Schemas.DeviceRegistration
    ) async throws -> Components.Schemas.Device {
        let answer = try await client.putDevice(path: .init(token: token), body: .json(registration))
        if case .created(let created) = answer { return try created.body.json }
        return try answer.ok.body.json
    }

    /// Stops push to this device (at sign-out). One that is not registered is already stopped.
    public nonisolated func unregisterDevice(token: String) async throws {
        do {
            _ = try await client.deleteDevice(path: .init(token: token)).noContent
        } catch  where error.roamProblem?.status == 404 {
            return
        }
    }

    /// The inbox, newest first, a page at a time as the loop asks for more.
    public nonisolated func inbox(unreadOnly: Bool = false) -> Pages<Components.Schemas.InboxPage> {
        Pages { token in
            try await self.client.listNotifications(query: .init(pageToken: token, unread: unreadOnly ? true : nil)).ok.body.json
        }
    }

    /// How many notifications are unread: the badge an app shows.
    public nonisolated func unreadCount() async throws -> Int {
        try await client.listNotifications(query: .init(pageSize: 1)).ok.body.json.unreadCount
    }

    /// Marks these notifications read (or all of them with nil); answers how many are still unread.
    @discardableResult
    public nonisolated func markNotificationsRead(_ ids: [String]?) async throws -> Int {
        let body = Components.Schemas.MarkReadRequest(ids: ids, all: ids == nil ? true : nil)
        return try await client.markNotificationsRead(body: .json(body)).ok.body.json.unreadCount
    }
}
