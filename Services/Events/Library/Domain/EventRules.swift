import RoamCore

/// Small rules shared by creating and editing events.
enum EventRules {
    static let palette: Set<String> = ["default", "sunset", "ocean", "forest", "night", "sand", "berry", "mono"]

    /// 1 to 80 characters (by default) once trimmed.
    static func validateName(_ name: String, policy: EventPolicy, into validation: inout Validation) {
        validation.requireStorable(name, "name")
        validation.require(
            policy.nameLength.contains(name.trimmingCharacters(in: .whitespacesAndNewlines).count), "name",
            "must be \(policy.nameLength.lowerBound) to \(policy.nameLength.upperBound) characters")
    }

    static func validateDescription(_ description: String, policy: EventPolicy, into validation: inout Validation) {
        validation.requireStorable(description, "description")
        validation.require(
            description.count <= policy.maxDescriptionLength, "description",
            "must be at most \(policy.maxDescriptionLength) characters")
    }

    static func validateCapacity(_ capacity: Int, policy: EventPolicy, into validation: inout Validation) {
        validation.require(
            policy.capacity.contains(capacity), "capacity",
            "must be \(policy.capacity.lowerBound) to \(policy.capacity.upperBound)")
    }

    /// A palette name or `#RRGGBB`; empty means the app's default.
    static func validateTheme(_ theme: String, into validation: inout Validation) {
        guard !theme.isEmpty, !palette.contains(theme) else { return }
        let hex = theme.utf8
        let isColour =
            hex.count == 7 && hex.first == UInt8(ascii: "#")
            && hex.dropFirst().allSatisfy { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }
        validation.require(isColour, "theme", "must be #RRGGBB or one of \(palette.sorted().joined(separator: ", "))")
    }

    static func validateTags(_ tags: [String], policy: EventPolicy, into validation: inout Validation) {
        validation.require(tags.count <= policy.maxTags, "tags", "at most \(policy.maxTags) tags")
        for (index, tag) in tags.enumerated() {
            validation.requireStorable(tag, "tags[\(index)]")
            validation.require(
                !tag.isEmpty && tag.count <= policy.maxTagLength, "tags[\(index)]",
                "must be 1 to \(policy.maxTagLength) characters")
        }
    }

    /// Tags as stored: trimmed, lowercased, without repeats, in the order given.
    static func normalizedTags(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { seen.insert($0).inserted }
    }
}
