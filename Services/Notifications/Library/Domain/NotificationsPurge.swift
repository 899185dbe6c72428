import Foundation
import RoamCore

/// Forgets a deleted user's devices, inbox and settings.
public struct NotificationsPurge: Purgeable {
    let store: any NotificationStore

    public init(store: any NotificationStore) {
        self.store = store
    }

    public func purge(user: UUID) async throws -> [String: Int] {
        try await store.forget(user: user)
    }
}
