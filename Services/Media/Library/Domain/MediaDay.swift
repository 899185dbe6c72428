import Foundation
import RoamCore

/// A local day of the owner's library: how many items were taken on it, and the first (its cover).
public struct MediaDay: Sendable, Hashable {
    public let date: LocalDate
    public let count: Int
    public let cover: MediaItem
}
