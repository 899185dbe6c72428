import Foundation
import RoamCore

/// Where a device says it is, and how sure it is (the radius of its accuracy circle, in metres).
public struct ReportedPosition: Sendable, Hashable {
    public var point: GeoPoint
    public var accuracyMeters: Double

    public func validate(_ field: String, into validation: inout Validation) {
        point.validate(field, into: &validation)
        validation.require(accuracyMeters.isFinite && accuracyMeters >= 0, "\(field).accuracy_meters", "must be 0 or more")
    }
}
