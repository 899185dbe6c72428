import Foundation
import Media
import RoamRuntime

// roam-media: photos and videos, their EXIF, variants and blobs. Configuration: see README.md.
do {
    try await MediaApp.run(environment: .process)
} catch let error as ConfigurationError {
    print("roam-media: \(error)")
    exit(2)
}
