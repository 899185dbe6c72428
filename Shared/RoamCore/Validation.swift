/// Collects every field problem in a request so the caller hears about all of them at once.
public struct Validation: Sendable {
    public private(set) var violations: [RoamError.FieldViolation] = []

    public init() {}

    public mutating func require(_ condition: Bool, _ field: String, _ description: @autoclosure () -> String) {
        if !condition { violations.append(.init(field: field, description: description())) }
    }

    /// PostgreSQL text cannot hold a NUL character; a string with one is the client's mistake, not
    /// a reason for the database to fail the request.
    /// A BCP 47 language tag as apps send them (`sv`, `sv-SE`, `pt-BR`, `zh-Hant-TW`), or "" for English.
    public mutating func requireLanguageTag(_ tag: String, _ field: String) {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        let valid =
            tag.isEmpty
            || (tag.count <= 35 && (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
                && parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        require(valid, field, "must be a language tag such as sv or pt-BR")
    }

    public mutating func requireStorable(_ text: String, _ field: String) {
        require(!text.unicodeScalars.contains("\u{0}"), field, "must not contain NUL characters")
    }

    /// A one-line text a person writes (a title, a name): not blank, at most `maxLength` characters,
    /// no control characters or line breaks.
    public mutating func requireLine(_ text: String, _ field: String, maxLength: Int) {
        require(!text.isEmpty, field, "must not be blank")
        require(text.count <= maxLength, field, "must be at most \(maxLength) characters")
        require(
            !text.unicodeScalars.contains { $0.properties.generalCategory == .control }, field,
            "must not contain control characters or line breaks")
        requireNoSpoofing(line: text, field)
    }

    /// A name or title shows what it says: no bidi controls, no invisible characters (see `SpoofingCheck`).
    public mutating func requireNoSpoofing(line text: String, _ field: String) {
        if let scalar = SpoofingCheck.firstSpoofingScalar(inLine: text) {
            fail(field, "must not contain invisible or text-direction characters (\(SpoofingCheck.name(of: scalar)))")
        }
    }

    /// A longer text a person writes (a description, a note), empty allowed: line breaks and tabs, but
    /// no other control characters.
    public mutating func requireBody(_ text: String, _ field: String, maxLength: Int) {
        require(text.count <= maxLength, field, "must be at most \(maxLength) characters")
        require(
            !text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" },
            field, "must not contain control characters other than line breaks and tabs")
        requireNoOverrides(text, field)
    }

    /// Text others read (a post, a chat line, a comment) cannot reorder what they see (see `SpoofingCheck`).
    public mutating func requireNoOverrides(_ text: String, _ field: String) {
        if let scalar = SpoofingCheck.firstSpoofingScalar(inBody: text) {
            fail(field, "must not contain text-direction overrides (\(SpoofingCheck.name(of: scalar)))")
        }
    }

    public mutating func fail(_ field: String, _ description: String) {
        violations.append(.init(field: field, description: description))
    }

    /// Throws an INVALID_ARGUMENT error listing every violation, if there are any.
    public func check() throws(RoamError) {
        guard let first = violations.first else { return }
        let message =
            violations.count == 1
            ? "\(first.field): \(first.description)"
            : "\(violations.count) fields are invalid: " + violations.map(\.field).joined(separator: ", ")
        throw RoamError(.invalidArgument, reason: "INVALID_FIELD", message: message, violations: violations)
    }
}
