import Foundation
import RoamCore

/// A trip as the traveller describes it, before it is checked: the dates and time zone arrive as text
/// so that each bad one is named by its field.
public struct TripDraft: Sendable {
    public var title: String
    public var destination: Destination
    public var startDate: String
    public var endDate: String
    public var timeZone: String
    public var homeCurrency: String

    /// The longest trip, in days (both ends counted).
    public static let maxDays = 366

    /// The checked details, each rule broken named by its field (all of them at once).
    public func validated() throws(RoamError) -> TripDetails {
        var validation = Validation()
        let title = self.title.trimmingCharacters(in: .whitespacesAndNewlines)
        validation.requireLine(title, "title", maxLength: 200)
        let destinationName = destination.name.trimmingCharacters(in: .whitespacesAndNewlines)
        validation.requireLine(destinationName, "destination.name", maxLength: 200)
        destination.point?.validate("destination.point", into: &validation)
        let start = LocalDate(startDate), end = LocalDate(endDate)
        validation.require(start != nil, "start_date", "must be a date such as 2026-07-14")
        validation.require(end != nil, "end_date", "must be a date such as 2026-07-20")
        if let start, let end {
            validation.require(start <= end, "end_date", "must not be before start_date")
            validation.require(
                start > end || start.days(to: end) < Self.maxDays, "end_date", "must be at most \(Self.maxDays) days after start_date, both counted")
        }
        let zone = TripZone(timeZone)
        validation.require(zone != nil, "time_zone", "must be an IANA time zone such as Europe/Stockholm")
        let currency = homeCurrency.uppercased()
        validation.require(Currency(currency) != nil, "home_currency", "must be an ISO 4217 currency code such as SEK")
        try validation.check()
        return TripDetails(
            title: title, destination: Destination(name: destinationName, point: destination.point),
            dates: TripDates(start: start!, end: end!), zone: zone!, homeCurrency: currency)
    }
}
