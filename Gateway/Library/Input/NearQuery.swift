import RoamProto
import RoamRuntime

/// `lat`, `lng` and `radius` of a listing near a point: both coordinates or neither, and a radius only
/// with them (the listing's own default without one).
enum NearQuery {
    static func point(
        lat: Double?, lng: Double?, radius: Double?, defaultRadius: Double
    ) throws(RoamError)
        -> (point: Roam_Common_V1_LatLng, meters: Double)?
    {
        switch (lat, lng) {
        case let (lat?, lng?):
            return (
                .with {
                    $0.latitude = lat; $0.longitude = lng
                }, radius ?? defaultRadius
            )
        case (nil, nil):
            guard radius == nil else { throw RoamError.invalidField("lat", "is required with radius") }
            return nil
        case (_?, nil):
            throw RoamError.invalidField("lng", "is required with lat")
        case (nil, _?):
            throw RoamError.invalidField("lat", "is required with lng")
        }
    }
}
