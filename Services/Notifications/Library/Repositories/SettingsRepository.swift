import Foundation

/// Each user's notification settings; a user who never set any has the defaults.
public protocol SettingsRepository: Sendable {
    func settings(of userID: UUID) async throws -> NotificationSettings
    func update(_ changes: SettingsChanges, of userID: UUID) async throws -> NotificationSettings
}
