import RoamCore

/// A day of a trip as a line on the map, and what the line was drawn from.
public struct DayRoute: Sendable, Hashable {
    public enum Source: String, Sendable {
        /// The day's pins, by visit time.
        case pins
        /// The day's geotagged photos, by capture time, for a day without pins.
        case photos
        /// Nothing on that day has a position.
        case none
    }

    public let date: LocalDate
    public let source: Source
    public let stops: [RouteStop]

    public init(date: LocalDate, source: Source, stops: [RouteStop]) {
        self.date = date
        self.source = source
        self.stops = stops
    }
}
