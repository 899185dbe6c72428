/// The distances pins are held to.
public struct PinPolicy: Sendable {
    /// A second pin of a trip this close to another is refused (`PIN_TOO_CLOSE`); 7.62 m is 25 ft.
    public var minimumDistanceMeters: Double
    /// Photos this close to a pin are shown with it; 8,047 m is 5 miles.
    public var photoRadiusMeters: Double

    public init(minimumDistanceMeters: Double = 7.62, photoRadiusMeters: Double = 8_047) {
        self.minimumDistanceMeters = minimumDistanceMeters
        self.photoRadiusMeters = photoRadiusMeters
    }
}
