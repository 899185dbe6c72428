import RoamCore
import RoamProto

extension GeoPoint {
    public var proto: Roam_Common_V1_LatLng {
        .with {
            $0.latitude = latitude
            $0.longitude = longitude
        }
    }

    /// The point as sent; the domain checks its range.
    public init(_ proto: Roam_Common_V1_LatLng) {
        self.init(latitude: proto.latitude, longitude: proto.longitude)
    }
}
