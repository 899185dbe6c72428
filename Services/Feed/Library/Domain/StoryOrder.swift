import Foundation
import RoamCore

/// How story listings are ordered.
public enum StoryOrder: String, Sendable, CaseIterable {
    /// Newest first.
    case recent
    /// Highest score among the stories of the last 7 days.
    case topWeek = "top_week"
    /// Highest score among the stories of the last 30 days.
    case topMonth = "top_month"
    /// Highest score among the stories of the last 365 days.
    case topYear = "top_year"
    /// Highest score ever.
    case topAllTime = "top_all_time"
    /// Highest hot rank (score decayed by age), as the trending ranker last computed it.
    case trending

    /// Only stories at most this old take part.
    public var window: TimeInterval? {
        switch self {
        case .recent, .topAllTime: nil
        case .topWeek, .trending: 7 * 86_400
        case .topMonth: 30 * 86_400
        case .topYear: 365 * 86_400
        }
    }
}
