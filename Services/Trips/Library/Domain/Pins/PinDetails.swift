import Foundation
import RoamCore

/// A pin's checked details: what `PinDraft.validated(for:now:)` gives and a pin keeps.
public struct PinDetails: Sendable, Hashable {
    public var title: String
    public var description: String
    public var point: GeoPoint
    public var visitedAt: Date
    /// Lower case, each once, in the order given (`food`, `hidden gem`).
    public var tags: [String]
    public var source: PinSource
    /// The photo the owner chose to show it with; without one, the nearest photo is its cover.
    public var coverMediaID: UUID?
    /// The place it is at: one of its owner's own or the catalog's.
    public var placeID: UUID? = nil
}
