import RoamCore

/// A time on a clock's face, `HH:MM`, as minutes after midnight.
public struct ClockTime: Sendable, Hashable, Comparable {
    public var minuteOfDay: Int

    public init(minuteOfDay: Int) {
        self.minuteOfDay = minuteOfDay
    }

    /// `HH:MM`, or a refusal naming `field`.
    public init(_ text: String, field: String) throws(RoamError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes)
        else {
            throw RoamError.invalidField(field, "must be a local time such as 22:00")
        }
        minuteOfDay = hours * 60 + minutes
    }

    public var text: String {
        let hours = minuteOfDay / 60
        let minutes = minuteOfDay % 60
        return (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
    }

    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }
}
