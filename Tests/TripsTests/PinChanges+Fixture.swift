import Foundation
import RoamCore

@testable import Trips

extension PinChanges {
    /// What a test leaves out, as a client would leave it out: `PinChanges.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(
        title: String? = nil, description: String? = nil, point: GeoPoint? = nil, visitedAt: Date? = nil, tags: [String]? = nil,
        coverMediaID: UUID?? = nil, placeID: UUID?? = nil
    ) -> Self {
        Self(
            title: title, description: description, point: point, visitedAt: visitedAt, tags: tags, coverMediaID: coverMediaID,
            placeID: placeID)
    }
}
