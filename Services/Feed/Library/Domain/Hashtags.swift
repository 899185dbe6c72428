/// Finds `#tags` in a post's text: a `#` at the start or after a non-word character, followed by
/// letters, digits or `_` (any script), up to 50 of them. Lowercased, each once, in order of first use.
public enum Hashtags {
    public static let maxLength = 50

    public static func find(in text: String) -> [String] {
        var tags: [String] = []
        var seen = Set<String>()
        var previous: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let startsTag = character == "#" && (previous.map { !isWordCharacter($0) && $0 != "#" } ?? true)
            if startsTag {
                var end = text.index(after: index)
                while end < text.endIndex, isWordCharacter(text[end]) { end = text.index(after: end) }
                let tag = text[text.index(after: index)..<end].lowercased()
                if !tag.isEmpty, tag.count <= maxLength, !tag.allSatisfy(\.isNumber), seen.insert(tag).inserted {
                    tags.append(tag)
                }
                previous = end > index ? text[text.index(before: end)] : character
                index = end
                continue
            }
            previous = character
            index = text.index(after: index)
        }
        return tags
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
