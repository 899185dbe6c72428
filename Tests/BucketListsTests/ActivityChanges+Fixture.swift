import Foundation
import RoamCore

@testable import BucketLists

extension ActivityChanges {
    /// What a test leaves out, as a client would leave it out: `ActivityChanges.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(
        name: String? = nil, description: String? = nil, place: NamedPlace? = nil, window: TimeWindow?? = nil, mediaIDs: [UUID]? = nil,
        tags: [String]? = nil
    ) -> Self {
        Self(name: name, description: description, place: place, window: window, mediaIDs: mediaIDs, tags: tags)
    }
}
