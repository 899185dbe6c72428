/// What a `PushTestServer` answers.
public struct PushTestResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: String

    public init(status: Int = 200, headers: [String: String] = [:], body: String = "") {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
