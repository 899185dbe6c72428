import Foundation

/// A walk as one reader sees it: with their own rating, how many are walking it now, and how far its
/// path passes from the point they searched near.
public struct SeenWalk: Sendable, Hashable {
    public var walk: Walk
    /// 1–5, nil when they have not rated it.
    public var myRating: Int?
    public var meters: Double?
    /// Walks ongoing now that follow this one as their route.
    public var walkingNow: Int

    public init(walk: Walk, myRating: Int? = nil, meters: Double? = nil, walkingNow: Int = 0) {
        self.walk = walk
        self.myRating = myRating
        self.meters = meters
        self.walkingNow = walkingNow
    }
}
