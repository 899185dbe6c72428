import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The caller's notifications as they are filed, after those a stream that was away missed.
extension NotificationsGRPCService {
    public func streamInbox(
        request: Roam_Notifications_V1_StreamInboxRequest, response: RPCWriter<Roam_Notifications_V1_StreamInboxResponse>,
        context _: ServerContext
    ) async throws {
        let user = try caller()
        let kinds = Set(request.kinds)
        // Subscribed before reading what was missed, so nothing falls between; each notification goes
        // once per position (a gathered one again when it gathers more).
        let announced = streams.subscribe(user)
        try await response.write(.with { $0.connected = true })
        let sent = SentPositions()
        let firstTime = { @Sendable (notification: InboxNotification) in sent.first(notification) }
        if request.hasAfter {
            let after = TimedCursor(
                time: request.after.date, id: UUID(uuidString: request.afterID) ?? UUID(uuidString: "ffffffff-ffff-ffff-ffff-ffffffffffff")!)
            for missed in try await notifications.missed(by: user, since: after, kinds: kinds) where firstTime(missed) {
                try await response.write(.with { $0.notification = missed.proto })
            }
        }
        let notifications = self.notifications
        try await response.relay(announced) { id in
            guard let filed = try await notifications.notification(id, of: user), kinds.isEmpty || kinds.contains(filed.kind), firstTime(filed)
            else { return nil }
            return .with { $0.notification = filed.proto }
        }
    }
}
