/// Collects every field problem in a request so the caller hears about all of them at once.
public struct Validation: Sendable {
    public private(set) var violations: [RoamError.FieldViolation] = []

    public init() {}

    public mutating func require(_ condition: Bool, _ field: String, _ description: @autoclosure () -> String) {
        if !condition { violations.append(.init(field: field, description: description())) }
    }

    public mutating func fail(_ field: String, _ description: String) {
        violations.append(.init(field: field, description: description))
    }

    /// Throws an INVALID_ARGUMENT error listing every violation, if there are any.
    public func check() throws(RoamError) {
        guard let first = violations.first else { return }
        let message = violations.count == 1
            ? "\(first.field): \(first.description)"
            : "\(violations.count) fields are invalid: " + violations.map(\.field).joined(separator: ", ")
        throw RoamError(.invalidArgument, reason: "INVALID_FIELD", message: message, violations: violations)
    }
}
