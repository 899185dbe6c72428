import Foundation
import RoamCore

@testable import Events

extension EventChanges {
    /// What a test leaves out, as a client would leave it out: `EventChanges.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(
        name: String? = nil, description: String? = nil, bannerMediaID: UUID?? = nil, theme: String? = nil, visibility: Event.Visibility? = nil,
        password: String? = nil, capacity: Int? = nil, tags: [String]? = nil
    ) -> Self {
        Self(
            name: name, description: description, bannerMediaID: bannerMediaID, theme: theme, visibility: visibility, password: password,
            capacity: capacity, tags: tags)
    }
}
