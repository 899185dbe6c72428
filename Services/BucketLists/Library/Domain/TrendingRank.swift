import Foundation

/// How an activity ranks in "trending near you": the lower bound of the Wilson score interval of its
/// up votes among all its votes (95 %), so a few votes rank below many that say the same, halved for
/// every week of its age so new things get their turn.
public enum TrendingRank {
    static let z = 1.959964
    public static let halfLife: TimeInterval = 7 * 86_400

    /// The Wilson lower bound of `up` out of `up + down`; 0 without votes.
    public static func wilsonLowerBound(up: Int, down: Int) -> Double {
        let n = Double(up + down)
        guard n > 0 else { return 0 }
        let p = Double(up) / n, z2 = z * z
        return (p + z2 / (2 * n) - z * ((p * (1 - p) + z2 / (4 * n)) / n).squareRoot()) / (1 + z2 / n)
    }

    public static func rank(_ votes: VoteCounts, createdAt: Date, now: Date) -> Double {
        let age = max(0, now.timeIntervalSince(createdAt))
        return wilsonLowerBound(up: votes.up, down: votes.down) * pow(0.5, age / halfLife)
    }
}
