/// Where the JSON body or query names a position's fields differently from the events service.
enum PositionFieldNames {
    static let body = [
        "position": "latitude", "position.latitude": "latitude", "position.longitude": "longitude",
        "position.accuracy_meters": "accuracyMeters",
    ]
    static let query = [
        "position.latitude": "lat", "position.longitude": "lng", "position.accuracy_meters": "accuracy",
        "within_meters": "within",
    ]
}
