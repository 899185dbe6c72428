import Foundation
import Moderation
import RoamRuntime

// roam-moderation: the one reports queue, moderators' actions and the audit log.
// Configuration: see README.md.
do {
    try await ModerationApp.run(environment: .process)
} catch let error as ConfigurationError {
    print("roam-moderation: \(error)")
    exit(2)
}
