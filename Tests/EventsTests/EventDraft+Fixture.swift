import Foundation
import RoamCore

@testable import Events

extension EventDraft {
    /// What a test leaves out, as a client would leave it out: `EventDraft.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(
        name: String, description: String = "", center: GeoPoint, radiusMeters: Double, capacity: Int, startsAt: Date? = nil, lifetime: Duration,
        visibility: Event.Visibility = .public, password: String = "", theme: String = "", bannerMediaID: UUID? = nil, tags: [String] = [],
        groupWalk: GroupWalk? = nil
    ) -> Self {
        Self(
            name: name, description: description, center: center, radiusMeters: radiusMeters, capacity: capacity, startsAt: startsAt,
            lifetime: lifetime, visibility: visibility, password: password, theme: theme, bannerMediaID: bannerMediaID, tags: tags,
            groupWalk: groupWalk)
    }
}
