import Foundation
import RoamCore

/// A trip's checked details: what `TripDraft.validated()` gives and a trip keeps.
public struct TripDetails: Sendable, Hashable {
    public var title: String
    public var destination: Destination
    public var dates: TripDates
    public var zone: TripZone
    /// ISO 4217, upper case; the budget counts in it.
    public var homeCurrency: String

    /// Today's date where the trip is.
    public func phase(at instant: Date) -> TripPhase {
        dates.phase(on: zone.date(of: instant))
    }
}
