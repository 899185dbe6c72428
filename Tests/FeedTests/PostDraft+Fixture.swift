import Foundation
import RoamCore

@testable import Feed

extension PostDraft {
    /// What a test leaves out, as a client would leave it out: `PostDraft.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(audience: Audience, text: String, mediaIDs: [UUID] = [], title: String = "") -> Self {
        Self(audience: audience, text: text, mediaIDs: mediaIDs, title: title)
    }
}
