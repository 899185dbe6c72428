import Foundation
import RoamCore

@testable import BucketLists

extension ItemChanges {
    /// What a test leaves out, as a client would leave it out: `ItemChanges.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(
        title: String? = nil, description: String? = nil, place: NamedPlace?? = nil, targetDate: LocalDate?? = nil, mediaIDs: [UUID]? = nil
    ) -> Self {
        Self(title: title, description: description, place: place, targetDate: targetDate, mediaIDs: mediaIDs)
    }
}
