import HTTPTypes

/// Requests as the generated client makes them, for tests of the client's middlewares and stores.
enum HTTPRequestFixture {
    static func post(_ path: String) -> HTTPRequest {
        var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: path)
        request.headerFields[.contentType] = "application/json"
        return request
    }
}
