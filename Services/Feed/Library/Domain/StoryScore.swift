import Foundation

/// How stories are scored for the top and trending orders. The PostgreSQL store computes the same
/// figures in SQL; keep the two in step.
public enum StoryScore {
    /// A like or a comment is worth 10 points, a view 1: views are many and cheap.
    public static let pointsPerLike = 10
    public static let pointsPerComment = 10
    public static let pointsPerView = 1

    public static func points(_ engagement: Engagement) -> Int {
        engagement.likes * pointsPerLike + engagement.comments * pointsPerComment + engagement.views * pointsPerView
    }

    /// Lemmy's hot rank: `log10(max(2, score + 2)) / (hours + 2)^1.8`, with the score in likes
    /// (points / 10). New stories rank high and sink as they age unless readers keep engaging.
    public static func hotRank(points: Int, age: TimeInterval) -> Double {
        let score = Double(points) / Double(pointsPerLike)
        let hours = max(0, age) / 3600
        return log10(max(2, score + 2)) / pow(hours + 2, 1.8)
    }
}
