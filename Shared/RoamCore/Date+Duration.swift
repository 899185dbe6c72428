import Foundation

extension Date {
    public func adding(_ duration: Duration) -> Date {
        addingTimeInterval(duration.seconds)
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension Date {
    /// This instant to the microsecond, as PostgreSQL stores it, so both stores of a service agree.
    public var wholeMicroseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1_000_000).rounded() / 1_000_000)
    }

    /// Microseconds since 1970, rounded: how a stream cursor names an instant exactly (a `Date`
    /// encoded for PostgreSQL is truncated, and may land a microsecond early).
    public var microsecondsSince1970: Int64 {
        // Saturating: an instant beyond what 64 bits count (no real one) stays the furthest there is.
        let micros = (timeIntervalSince1970 * 1_000_000).rounded()
        return micros >= 9.2e18 ? .max : micros <= -9.2e18 ? .min : Int64(micros)
    }
}
