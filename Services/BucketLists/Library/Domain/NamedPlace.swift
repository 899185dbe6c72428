import RoamCore

/// A point with the name people know it by.
public struct NamedPlace: Sendable, Hashable {
    public var point: GeoPoint
    public var name: String

    /// The place with its name trimmed, its rules checked into `validation` under `field`.
    func validated(_ field: String, into validation: inout Validation) -> NamedPlace {
        point.validate("\(field).point", into: &validation)
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        validation.requireLine(name, "\(field).name", maxLength: 200)
        return NamedPlace(point: point, name: name)
    }
}
