import Feed
import Foundation
import RoamRuntime

// roam-feed: posts in events and stories at places. Configuration: see README.md.
do {
    try await FeedApp.run(environment: .process)
} catch let error as ConfigurationError {
    print("roam-feed: \(error)")
    exit(2)
}
