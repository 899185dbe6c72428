import Foundation

/// An edit of a trip: the fields the traveller sent; the others keep their values.
public struct TripChanges: Sendable {
    public var title: String?
    /// Replaces the destination whole (name and point).
    public var destination: Destination?
    public var startDate: String?
    public var endDate: String?
    public var timeZone: String?
    public var homeCurrency: String?

    public init(title: String?, destination: Destination?, startDate: String?, endDate: String?, timeZone: String?, homeCurrency: String?) {
        self.title = title
        self.destination = destination
        self.startDate = startDate
        self.endDate = endDate
        self.timeZone = timeZone
        self.homeCurrency = homeCurrency
    }

    /// The trip as it would be after the edit, to be checked as a new one is.
    public func applied(to details: TripDetails) -> TripDraft {
        TripDraft(
            title: title ?? details.title, destination: destination ?? details.destination,
            startDate: startDate ?? details.dates.start.description, endDate: endDate ?? details.dates.end.description,
            timeZone: timeZone ?? details.zone.identifier, homeCurrency: homeCurrency ?? details.homeCurrency)
    }
}
