import Foundation
import RoamCore

/// An attraction of the places catalog, as operators load it (`roam places import`), with the
/// ratings of signed-in users folded into its rating; or a place a user added for themselves, which
/// only they see (and may save to their trips, plan and tag like any other).
public struct Place: Sendable, Hashable, Identifiable {
    public let id: UUID
    public var details: PlaceDetails
    /// The rating the source gave and how many ratings it stood for (0 when it had none).
    public var sourceRating: Double
    public var sourceRatingCount: Int
    /// Roam users' ratings: their sum and count, kept exact.
    public var userRatingSum: Int
    public var userRatingCount: Int
    /// The user who added it; nil for the catalog's places.
    public var ownerID: UUID?

    public init(
        id: UUID, details: PlaceDetails, sourceRating: Double, sourceRatingCount: Int, userRatingSum: Int = 0, userRatingCount: Int = 0,
        ownerID: UUID? = nil
    ) {
        self.id = id
        self.details = details
        self.sourceRating = sourceRating
        self.sourceRatingCount = sourceRatingCount
        self.userRatingSum = userRatingSum
        self.userRatingCount = userRatingCount
        self.ownerID = ownerID
    }

    /// The catalog's places are everyone's; one a user added is theirs alone.
    public func isVisible(to reader: UUID?) -> Bool {
        ownerID == nil || ownerID == reader
    }

    /// The source id of a place a user adds: never one an import file uses.
    public static func ownSourceID(_ id: UUID) -> String { "own:\(id.lowercasedString)" }

    /// Every rating counted once: the source's and Roam users'.
    public var ratingCount: Int { sourceRatingCount + userRatingCount }

    /// The mean of every rating, 0 when there is none.
    public var rating: Double {
        ratingCount == 0 ? 0 : (sourceRating * Double(sourceRatingCount) + Double(userRatingSum)) / Double(ratingCount)
    }
}
