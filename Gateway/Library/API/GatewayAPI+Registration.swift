import OpenAPIRuntime

extension GatewayAPI {
    /// Serves every generated operation from `table` (behind the router's middlewares, the document's
    /// security among them: `SignedInUserMiddleware`).
    func register(on table: RouteTable) throws {
        // Compact JSON, as every other answer (the runtime pretty-prints by default).
        try registerHandlers(on: table, configuration: Configuration(dateTranscoder: InternetDateTranscoder(), jsonEncodingOptions: [.sortedKeys]))
    }
}
