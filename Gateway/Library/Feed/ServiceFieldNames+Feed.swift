import RoamAPI

extension Components.Schemas.PostUpdateRequest: ServiceFieldNames {
    static let serviceFieldNames = [
        "place.position.latitude": "place.latitude", "place.position.longitude": "place.longitude", "place.position": "place",
    ]
}

/// An event post's audience is the event in the path.
extension Operations.CreateEventPost.Input.Path: ServiceFieldNames {
    static let serviceFieldNames = ["audience.event_id": "id"]
}

/// A story's audience is its place.
extension Components.Schemas.StoryRequest: ServiceFieldNames {
    static let serviceFieldNames = [
        "audience.place.position.latitude": "place.latitude", "audience.place.position.longitude": "place.longitude",
        "audience.place.name": "place.name", "audience.place.position": "place", "audience": "place",
    ]
}

extension Components.Schemas.FollowPlaceRequest: ServiceFieldNames {
    static let serviceFieldNames = ["position.latitude": "latitude", "position.longitude": "longitude", "position": "latitude"]
}

extension Operations.UnfollowPlace.Input.Query: ServiceFieldNames {
    static let serviceFieldNames = ["position.latitude": "lat", "position.longitude": "lng"]
}
