import Notifications
import RoamRuntime

// roam-notifications: devices registered for push, each user's inbox and notification settings.
// Configuration: see README.md.
try await ServiceMain.run("roam-notifications", migrator: NotificationsMigrations.migrator) {
    try await NotificationsApp.run(environment: .process)
}
