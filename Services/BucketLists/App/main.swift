import BucketLists
import Foundation
import RoamRuntime

// roam-bucketlists: bucket lists, their items, and activities suggested by locals. Configuration: see README.md.
do {
    try await BucketListsApp.run(environment: .process)
} catch let error as ConfigurationError {
    print("roam-bucketlists: \(error)")
    exit(2)
}
