import Foundation

/// Everything the notifications service keeps, and forgetting one user in it.
public protocol NotificationStore: DeviceRepository, InboxRepository, SettingsRepository, PushRepository {
    /// Forgets the user's devices, inbox and settings; answers what went, by kind.
    func forget(user: UUID) async throws -> [String: Int]
}
