import Foundation

/// How an activity ranks in "trending near you": the lower bound of the 95 % Wilson score interval of
/// its up votes among all its votes (so a few votes rank below many that say the same), halved for
/// every week of its age (so new things get their turn).
///
/// Halving by age scales every activity alike as time passes, so the order never changes with time,
/// only with votes. The rank is kept in that order-preserving form, log₂(bound) + weeks since a
/// reference day, and computed again only for activities that were voted on; an activity without votes
/// ranks by its age alone, below any voted one of the same week.
public enum TrendingRank {
    static let z = 1.959964
    public static let halfLife: TimeInterval = 7 * 86_400
    /// 2026-01-01: ranks count weeks from here.
    public static let reference = Date(timeIntervalSince1970: 1_767_225_600)
    /// What log₂ of the bound is taken to be without votes (or with none up).
    public static let unvoted = -1_000.0

    /// The Wilson lower bound of `up` out of `up + down`; 0 without votes.
    public static func wilsonLowerBound(up: Int, down: Int) -> Double {
        let n = Double(up + down)
        guard n > 0 else { return 0 }
        let p = Double(up) / n, z2 = z * z
        return (p + z2 / (2 * n) - z * ((p * (1 - p) + z2 / (4 * n)) / n).squareRoot()) / (1 + z2 / n)
    }

    public static func rank(_ votes: VoteCounts, createdAt: Date) -> Double {
        let bound = wilsonLowerBound(up: votes.up, down: votes.down)
        return (bound > 0 ? log2(bound) : unvoted) + createdAt.timeIntervalSince(reference) / halfLife
    }
}
