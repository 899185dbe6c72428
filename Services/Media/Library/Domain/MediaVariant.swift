/// Which bytes of an item to read.
public enum MediaVariant: String, Sendable, CaseIterable {
    case original, thumbnail, preview
}
