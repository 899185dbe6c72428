import RoamAPI

extension Operations.ListTrendingActivities.Input.Query: ServiceFieldNames {
    static let serviceFieldNames = ["near.latitude": "lat", "near.longitude": "lng"]
}

/// Bucket lists are listed by owner id; the client names the owner by username.
extension Operations.ListBucketLists.Input.Query: ServiceFieldNames {
    static let serviceFieldNames = ["owner_id": "username"]
}
