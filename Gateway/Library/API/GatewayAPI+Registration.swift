import OpenAPIRuntime

extension GatewayAPI {
    /// Serves every generated operation from `table`, behind the document's security.
    func register(on table: RouteTable) throws {
        // Compact JSON, as every other answer (the runtime pretty-prints by default).
        try registerHandlers(on: table, configuration: Configuration(jsonEncodingOptions: [.sortedKeys]),
                             middlewares: [SignedInUserMiddleware()])
    }
}
