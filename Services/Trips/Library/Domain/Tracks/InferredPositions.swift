import Foundation
import RoamCore

/// Where positions inferred for the owner's photos are kept: media, asked with the owner's own token.
public protocol InferredPositions: Sendable {
    /// Gives the photos their inferred positions (those with a position of their own, or whose owner
    /// cleared an inferred one, keep theirs); returns the photos that took one.
    func setInferredPositions(_ positions: [UUID: GeoPoint], for owner: UUID) async throws -> [UUID]
}
