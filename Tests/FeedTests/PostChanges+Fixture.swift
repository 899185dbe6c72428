import Foundation
import RoamCore

@testable import Feed

extension PostChanges {
    /// What a test leaves out, as a client would leave it out: `PostChanges.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(text: String, mediaIDs: [UUID], tags: [String], title: String? = nil, place: Place? = nil) -> Self {
        Self(text: text, mediaIDs: mediaIDs, tags: tags, title: title, place: place)
    }
}
