import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The caller's budget alerts as they are published, after those a stream that was away missed.
extension BudgetGRPCService {
    static let replayWindow: TimeInterval = 24 * 3_600
    static let replayLimit = 100

    public func streamNotifications(
        request: Roam_Budget_V1_StreamNotificationsRequest,
        response: RPCWriter<Roam_Budget_V1_BudgetNotification>, context _: ServerContext
    ) async throws {
        let user = try caller()
        // Subscribed before reading what was missed, so nothing falls between; what is in both is sent once.
        let stream = notifications.subscribe(user)
        let now = budgets.now()
        try await response.write(
            .with {
                $0.kind = .connected
                $0.at = .init(date: now)
            })
        var replayed = Set<UUID>()
        if request.hasAfter {
            let after = min(max(request.after.date, now.addingTimeInterval(-Self.replayWindow)), now)
            // The id places the cursor among those published at that very instant, when it was not moved.
            let alertID = after == request.after.date ? UUID(uuidString: request.afterAlertID) : nil
            for alert in try await alerts.alerts(of: user, after: after, alert: alertID, limit: Self.replayLimit) {
                replayed.insert(alert.id)
                try await response.write(alert.proto)
            }
        }
        let alreadySent = replayed
        try await response.relay(stream) { alert in alreadySent.contains(alert.id) ? nil : alert.proto }
    }
}
