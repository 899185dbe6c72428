import Foundation
import RoamCore

@testable import Trips

extension PinDraft {
    /// What a test leaves out, as a client would leave it out: `PinDraft.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(
        title: String, description: String, point: GeoPoint?, visitedAt: Date? = nil, tags: [String] = [], coverMediaID: UUID? = nil,
        placeID: UUID? = nil
    ) -> Self {
        Self(
            title: title, description: description, point: point, visitedAt: visitedAt, tags: tags, coverMediaID: coverMediaID,
            placeID: placeID)
    }
}
