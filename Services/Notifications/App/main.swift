import Foundation
import Notifications
import RoamRuntime

// roam-notifications: devices registered for push, each user's inbox and notification settings.
// Configuration: see README.md.
do {
    try await NotificationsApp.run(environment: .process)
} catch let error as ConfigurationError {
    print("roam-notifications: \(error)")
    exit(2)
}
