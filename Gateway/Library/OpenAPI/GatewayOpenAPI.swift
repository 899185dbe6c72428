/// The OpenAPI 3.1 document served at `/openapi.json`. Every route the gateway serves is listed in
/// `operations`; a test fails when this list and the router disagree.
enum GatewayOpenAPI {
    static let operations: [APIOperation] = AccountsOperations.all + EventsOperations.all + FeedOperations.all + SystemOperations.all

    static let problemStatuses = [400, 401, 403, 404, 409, 413, 422, 429, 500, 503, 504]

    static var document: OpenAPIValue {
        var paths: [String: OpenAPIValue] = [:]
        for operation in operations {
            var item: [String: OpenAPIValue] = [:]
            if case .object(let existing)? = paths[operation.path] { item = existing }
            item[operation.method.lowercased()] = operation.document
            paths[operation.path] = .object(item)
        }
        var responses: [String: OpenAPIValue] = [:]
        for status in problemStatuses {
            responses["Problem\(status)"] = [
                "description": .string(problemDescriptions[status] ?? "Error"),
                "content": ["application/problem+json": ["schema": JSONSchema.ref("Problem")]],
            ]
        }
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "Roam API",
                "version": "1.0.0",
                "description": "The public JSON API of Roam, a backend for location-based social and travel apps.",
            ],
            "servers": [["url": "http://localhost:8080"]],
            "paths": .object(paths),
            "components": [
                "securitySchemes": ["bearerAuth": ["type": "http", "scheme": "bearer", "bearerFormat": "JWT"]],
                "schemas": .object(AccountsSchemas.all.merging(EventsSchemas.all) { first, _ in first }
                                          .merging(FeedSchemas.all) { first, _ in first }
                                          .merging(SystemSchemas.all) { first, _ in first }),
                "responses": .object(responses),
            ],
        ]
    }

    static let problemDescriptions: [Int: String] = [
        400: "Invalid input: malformed JSON, a missing or wrong field (see `errors`)",
        401: "Missing, expired or invalid access token",
        403: "Not allowed",
        404: "No such resource",
        409: "Conflicts with the current state (e.g. the username is taken)",
        413: "The body is larger than the gateway accepts",
        422: "Refused in the current state because of a field",
        429: "Too many requests; wait `Retry-After` seconds",
        500: "Internal error",
        503: "A service is unavailable",
        504: "A service did not answer in time",
    ]
}
