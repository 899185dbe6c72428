import RoamCore

/// Where a walk starts or heads: a point, and the name of the place when there is one (empty otherwise).
public struct WalkPlace: Sendable, Hashable, Codable {
    public var point: GeoPoint
    public var name: String

    public init(point: GeoPoint, name: String = "") {
        self.point = point
        self.name = name
    }

    /// The place with its name trimmed, its rules checked into `validation` under `field`.
    func validated(_ field: String, into validation: inout Validation) -> WalkPlace {
        point.validate("\(field).point", into: &validation)
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if !name.isEmpty { validation.requireLine(name, "\(field).name", maxLength: 200) }
        validation.requireStorable(name, "\(field).name")
        return WalkPlace(point: point, name: name)
    }
}
