import Foundation
import RoamCore

/// What the owner writes about a walk: a title, a description and tags.
public struct WalkDetails: Sendable, Hashable {
    public static let maxTitleLength = 200
    public static let maxDescriptionLength = 5_000
    public static let maxTags = 20
    public static let maxTagLength = 40

    public var title: String
    public var description: String
    /// Lower case, without `#`, each once, in the order given.
    public var tags: [String]

    public init(title: String, description: String = "", tags: [String] = []) {
        self.title = title
        self.description = description
        self.tags = tags
    }

    /// Trimmed, tags normalised; every broken rule named at once.
    func validated() throws(RoamError) -> WalkDetails {
        var validation = Validation()
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        let description = description.trimmingCharacters(in: .whitespacesAndNewlines)
        validation.requireLine(title, "title", maxLength: Self.maxTitleLength)
        validation.requireBody(description, "description", maxLength: Self.maxDescriptionLength)
        validation.requireStorable(title, "title")
        validation.requireStorable(description, "description")
        var tags: [String] = []
        for (index, raw) in self.tags.enumerated() {
            let tag = Self.normalised(raw)
            validation.require(Self.isTag(tag), "tags[\(index)]", "must be 1 to \(Self.maxTagLength) letters, digits, - or _")
            if !tags.contains(tag) { tags.append(tag) }
        }
        validation.require(tags.count <= Self.maxTags, "tags", "at most \(Self.maxTags) tags")
        try validation.check()
        return WalkDetails(title: title, description: description, tags: tags)
    }

    /// A tag as stored: trimmed, lower case, without a leading `#`.
    public static func normalised(_ tag: String) -> String {
        var tag = tag.trimmingCharacters(in: .whitespaces).lowercased()
        if tag.hasPrefix("#") { tag.removeFirst() }
        return tag
    }

    public static func isTag(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= maxTagLength
            && tag.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}
