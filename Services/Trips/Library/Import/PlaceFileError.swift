/// A places file that cannot be read at all.
public struct PlaceFileError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
