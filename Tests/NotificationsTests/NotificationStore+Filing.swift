import Foundation
import RoamCore

@testable import Notifications

extension NotificationStore {
    /// Files publications without pushes.
    func file(_ publications: [Publication], ids: [UUID], at time: Date) async throws -> [InboxNotification?] {
        try await file(publications, ids: ids, pushAt: publications.map { _ in nil }, at: time)
    }
}
