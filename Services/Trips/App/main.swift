import Foundation
import RoamRuntime
import Trips

// roam-trips: the trip diary. Configuration: see README.md.
do {
    try await TripsApp.run(environment: .process)
} catch let error as ConfigurationError {
    print("roam-trips: \(error)")
    exit(2)
}
