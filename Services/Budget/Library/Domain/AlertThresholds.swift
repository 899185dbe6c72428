import Foundation
import RoamCore

/// The percentages of a limit at which the owner is told (80 % and 100 % unless they choose others).
public struct AlertThresholds: Sendable, Hashable {
    public let percents: [Int]

    public static let standard = AlertThresholds(unchecked: [80, 100])
    public static let maxCount = 10
    public static let range = 1...1_000

    init(unchecked percents: [Int]) {
        self.percents = percents
    }

    /// Each 1–1000, at most ten, no repeats (named by index in `field`); sorted. Empty means none.
    public init(_ percents: [Int], field: String = "alert_thresholds") throws(RoamError) {
        var validation = Validation()
        validation.require(percents.count <= Self.maxCount, field, "at most \(Self.maxCount)")
        for (index, percent) in percents.enumerated() {
            validation.require(Self.range.contains(percent), "\(field)[\(index)]", "must be a percentage from 1 to 1000")
            validation.require(!percents[..<index].contains(percent), "\(field)[\(index)]", "is repeated")
        }
        try validation.check()
        self.percents = percents.sorted()
    }

    /// The percentages `spent` has reached of `limit` (none when there is no positive limit).
    public func reached(spent: Int64, of limit: Int64) -> [Int] {
        guard limit > 0 else { return [] }
        // spent / limit >= p / 100, in integers: 100 · spent >= p · limit.
        return percents.filter { percent in
            let (left, leftOverflow) = spent.multipliedReportingOverflow(by: 100)
            let (right, rightOverflow) = limit.multipliedReportingOverflow(by: Int64(percent))
            return leftOverflow || (!rightOverflow && left >= right)
        }
    }
}
