import Foundation
import RoamCore

@testable import Trips

extension JournalDraft {
    /// What a test leaves out, as a client would leave it out: `JournalDraft.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(
        title: String, body: String, date: String? = nil, mediaIDs: [UUID] = [], promptID: String? = nil, locationTags: [LocationTag] = []
    ) -> Self {
        Self(title: title, body: body, date: date, mediaIDs: mediaIDs, promptID: promptID, locationTags: locationTags)
    }
}
