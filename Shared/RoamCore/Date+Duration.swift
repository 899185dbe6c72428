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
