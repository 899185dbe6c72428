import RoamCore

/// A day of a trip as a line on the map, and what the line was drawn from.
public struct DayRoute: Sendable, Hashable {
    public enum Source: String, Sendable {
        /// The day's location track (its pins as stops).
        case track
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
    /// The recorded track's segments, simplified for the map, when the route is drawn from it.
    public let track: [[TrackPoint]]

    public init(date: LocalDate, source: Source, stops: [RouteStop], track: [[TrackPoint]] = []) {
        self.date = date
        self.source = source
        self.stops = stops
        self.track = track
    }
}
