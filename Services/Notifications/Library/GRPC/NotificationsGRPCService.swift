import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The gRPC face of devices, the inbox and settings: converts messages and calls `NotificationsService`
/// for the caller.
public struct NotificationsGRPCService: Roam_Notifications_V1_NotificationsService.SimpleServiceProtocol, ActsForCaller {
    let notifications: NotificationsService
    /// The ids of notifications filed for each user, announced by every replica (or this one's store).
    let streams: UserStreams<UUID>

    public init(notifications: NotificationsService, streams: UserStreams<UUID> = UserStreams()) {
        self.notifications = notifications
        self.streams = streams
    }

    public func putDevice(
        request: Roam_Notifications_V1_PutDeviceRequest, context _: ServerContext
    ) async throws -> Roam_Notifications_V1_PutDeviceResponse {
        let (device, created) = try await notifications.register(DeviceRegistration(request.device), for: caller())
        return .with {
            $0.device = device.proto
            $0.created = created
        }
    }

    public func deleteDevice(
        request: Roam_Notifications_V1_DeleteDeviceRequest, context _: ServerContext
    ) async throws -> Roam_Notifications_V1_DeleteDeviceResponse {
        try await notifications.unregister(token: request.token, for: caller())
        return .init()
    }

    public func listDevices(
        request _: Roam_Notifications_V1_ListDevicesRequest, context _: ServerContext
    ) async throws -> Roam_Notifications_V1_ListDevicesResponse {
        let devices = try await notifications.devices(of: caller())
        return .with { $0.devices = devices.map(\.proto) }
    }

    public func listNotifications(
        request: Roam_Notifications_V1_ListNotificationsRequest, context _: ServerContext
    ) async throws -> Roam_Notifications_V1_ListNotificationsResponse {
        let inbox = try await notifications.inbox(of: caller(), unreadOnly: request.unreadOnly, page: request.page.domain())
        return .with {
            $0.notifications = inbox.page.items.map(\.proto)
            $0.page = .init(cursor: inbox.page.nextCursor)
            $0.unreadCount = Int64(inbox.unread)
        }
    }

    public func markRead(
        request: Roam_Notifications_V1_MarkReadRequest, context _: ServerContext
    ) async throws -> Roam_Notifications_V1_MarkReadResponse {
        let user = try caller()
        let marking: ReadMarking
        if request.all {
            guard request.ids.isEmpty else { throw RoamError.invalidField("ids", "must be empty when all is set") }
            marking = .all
        } else {
            marking = .ids(try RequestIDs.list("ids", request.ids))
        }
        let outcome = try await notifications.markRead(marking, for: user)
        return .with {
            $0.unreadCount = Int64(outcome.unread)
            $0.marked = Int64(outcome.marked)
        }
    }

    public func getSettings(
        request _: Roam_Notifications_V1_GetSettingsRequest, context _: ServerContext
    ) async throws -> Roam_Notifications_V1_SettingsResponse {
        let settings = try await notifications.settings(of: caller())
        return .with { $0.settings = settings.proto }
    }

    public func updateSettings(
        request: Roam_Notifications_V1_UpdateSettingsRequest, context _: ServerContext
    ) async throws -> Roam_Notifications_V1_SettingsResponse {
        let settings = try await notifications.update(SettingsChanges(request), of: caller())
        return .with { $0.settings = settings.proto }
    }

    public func publish(request: Roam_Notifications_V1_PublishRequest, context _: ServerContext) async throws -> Roam_Notifications_V1_PublishResponse
    {
        var publications: [Publication] = []
        for (index, publication) in request.publications.enumerated() { publications.append(try Publication(publication, index: index)) }
        let filed = try await notifications.publish(publications)
        return .with { $0.ids = filed.map { $0?.id.lowercasedString ?? "" } }
    }
}
