import Foundation
import OpenAPIRuntime
import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/me/devices…`, `/v1/me/notifications` and `/v1/me/notification-settings`: the caller's devices,
/// inbox and settings, kept by the notifications service.
extension GatewayAPI {
    func putDevice(_ input: Operations.PutDevice.Input) async throws -> Operations.PutDevice.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await renamingFields(as: Operations.PutDevice.Input.self) {
            try await notifications.call(idempotent: true) { client, options in
                try await client.putDevice(
                    .with {
                        $0.device = .with {
                            $0.token = input.path.token
                            $0.platform = body.platform == .apns ? .apns : .fcm
                            switch body.apnsEnvironment {
                            case .production?: $0.apnsEnvironment = .production
                            case .sandbox?: $0.apnsEnvironment = .sandbox
                            case nil: break
                            }
                            $0.topic = body.topic ?? ""
                            $0.language = body.language ?? ""
                        }
                    }, options: options)
            }
        }
        let device = Components.Schemas.Device(response.device)
        return response.created ? .created(.init(body: .json(device))) : .ok(.init(body: .json(device)))
    }

    func deleteDevice(_ input: Operations.DeleteDevice.Input) async throws -> Operations.DeleteDevice.Output {
        _ = try await notifications.call { client, options in
            try await client.deleteDevice(.with { $0.token = input.path.token }, options: options)
        }
        return .noContent(.init())
    }

    func listDevices(_: Operations.ListDevices.Input) async throws -> Operations.ListDevices.Output {
        let response = try await notifications.call(idempotent: true) { client, options in
            try await client.listDevices(.init(), options: options)
        }
        return .ok(.init(body: .json(.init(devices: response.devices.map(Components.Schemas.Device.init)))))
    }

    func listNotifications(_ input: Operations.ListNotifications.Input) async throws -> Operations.ListNotifications.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await notifications.call(idempotent: true) { client, options in
            try await client.listNotifications(
                .with {
                    $0.page = page.proto
                    $0.unreadOnly = input.query.unread ?? false
                }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        notifications: response.notifications.map(Components.Schemas.InboxNotification.init),
                        nextPageToken: .pageToken(response.page), unreadCount: Int(response.unreadCount)))))
    }

    func markNotificationsRead(_ input: Operations.MarkNotificationsRead.Input) async throws -> Operations.MarkNotificationsRead.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await notifications.call(idempotent: true) { client, options in
            try await client.markRead(
                .with {
                    $0.ids = body.ids ?? []
                    $0.all = body.all ?? false
                }, options: options)
        }
        return .ok(.init(body: .json(.init(marked: Int(response.marked), unreadCount: Int(response.unreadCount)))))
    }

    func getNotificationSettings(_: Operations.GetNotificationSettings.Input) async throws -> Operations.GetNotificationSettings.Output {
        let response = try await notifications.call(idempotent: true) { client, options in
            try await client.getSettings(.init(), options: options)
        }
        return .ok(.init(body: .json(.init(response.settings))))
    }

    func updateNotificationSettings(
        _ input: Operations.UpdateNotificationSettings.Input
    ) async throws -> Operations.UpdateNotificationSettings.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await notifications.call(idempotent: true) { client, options in
            try await client.updateSettings(
                .with {
                    if let kinds = body.mutedKinds {
                        $0.mutedKinds = kinds
                        $0.setMutedKinds = true
                    }
                    if let hours = body.quietHours {
                        $0.quietHours = .with {
                            $0.start = hours.start
                            $0.end = hours.end
                        }
                    }
                    $0.removeQuietHours = body.removeQuietHours ?? false
                    if let zone = body.timeZone { $0.timeZone = zone }
                    if let paused = body.pushPaused { $0.pushPaused = paused }
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.settings))))
    }
}
