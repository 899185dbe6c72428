import Foundation
import RoamCore
import Testing

@testable import Media

@Suite struct PlanarBoundTests {
    /// Every point within the distance, in every direction, lies inside the circle in degrees.
    @Test func theCircleInDegreesHoldsEveryPointWithinTheDistance() {
        for latitude in stride(from: -84.0, through: 84.0, by: 12) {
            let place = GeoPoint(latitude: latitude, longitude: 20)
            for meters in [1.0, 250, 8_047] {
                #expect(PlanarBound.holds(at: place, within: meters))
                let radius = PlanarBound.radius(of: meters, at: latitude)
                for bearing in stride(from: 0.0, to: 360, by: 7.5) {
                    let point = place.moved(meters: meters, bearing: bearing)
                    let degrees =
                        ((point.latitude - place.latitude) * (point.latitude - place.latitude)
                        + (point.longitude - place.longitude) * (point.longitude - place.longitude)).squareRoot()
                    #expect(degrees <= radius, "\(meters) m at \(bearing)° from \(latitude)°")
                }
            }
        }
    }

    @Test func nearAPoleOrTheAntimeridianTheSearchStaysOnTheSphere() {
        #expect(!PlanarBound.holds(at: GeoPoint(latitude: 85, longitude: 0), within: 1_000))
        #expect(!PlanarBound.holds(at: GeoPoint(latitude: -89.9, longitude: 0), within: 10))
        #expect(!PlanarBound.holds(at: GeoPoint(latitude: 0, longitude: 179.99), within: 2_000))
        #expect(!PlanarBound.holds(at: GeoPoint(latitude: 10, longitude: -179.999), within: 200))
        #expect(PlanarBound.holds(at: GeoPoint(latitude: 0, longitude: 179.9), within: 2_000))
    }
}
