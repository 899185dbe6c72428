/// The token endpoint would not give an access token for the service account.
struct FCMTokenRefusal: Error, CustomStringConvertible {
    let status: UInt
    let body: String

    var description: String { "the token endpoint answered \(status): \(body.prefix(300))" }
}
