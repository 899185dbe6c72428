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
}
