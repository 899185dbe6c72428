import Events
import Foundation
import RoamRuntime

// roam-events: geofenced events, membership and presence, moderation. Configuration: see README.md.
do {
    try await EventsApp.run(environment: .process)
} catch let error as ConfigurationError {
    print("roam-events: \(error)")
    exit(2)
}
