import RoamAPI

/// Events name a reported position `position.latitude`; the client sends `latitude` in a body and `lat`
/// in a query.
extension Components.Schemas.Position: ServiceFieldNames {
    static let serviceFieldNames = [
        "position": "latitude", "position.latitude": "latitude", "position.longitude": "longitude",
        "position.accuracy_meters": "accuracyMeters",
    ]
}

extension Components.Schemas.JoinRequest: ServiceFieldNames {
    static var serviceFieldNames: [String: String] { Components.Schemas.Position.serviceFieldNames }
}

extension Operations.DiscoverEvents.Input.Query: ServiceFieldNames {
    static let serviceFieldNames = [
        "position.latitude": "lat", "position.longitude": "lng", "position.accuracy_meters": "accuracy", "within_meters": "within",
    ]
}

/// Events invite users by id; the client names them by username.
extension Components.Schemas.InvitationRequest: ServiceFieldNames {
    static let serviceFieldNames = ["user_ids": "usernames"]
}
