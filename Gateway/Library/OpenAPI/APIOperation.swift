/// One route as the OpenAPI document describes it.
struct APIOperation: Sendable {
    struct QueryParameter: Sendable {
        var name: String
        var description: String
        var schema: OpenAPIValue = JSONSchema.string
        var required = false
    }

    var method: String
    var path: String
    var id: String
    var summary: String
    /// Longer prose, e.g. a WebSocket's message format.
    var description: String? = nil
    var tag: String
    /// Needs `Authorization: Bearer <access token>`.
    var authenticated: Bool
    /// The request body's schema name, if the route takes a body.
    var request: String? = nil
    var status: Int
    /// The success response's schema name; nil for an empty body.
    var response: String? = nil
    var responseContentType = "application/json"
    var query: [QueryParameter] = []
    /// Further success statuses, each with its description and schema name.
    var otherSuccesses: [Int: (description: String, schema: String)] = [:]
    /// Error statuses beyond those every route may answer (400, 429, 500, 503, 504).
    var errors: [Int] = []

    var pathParameters: [String] {
        path.split(separator: "/").compactMap { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
        }
    }

    var document: OpenAPIValue {
        var operation: [String: OpenAPIValue] = [
            "operationId": .string(id), "summary": .string(summary), "tags": [.string(tag)],
        ]
        if let description { operation["description"] = .string(description) }
        var parameters: [OpenAPIValue] = pathParameters.map { name in
            ["name": .string(name), "in": "path", "required": true, "schema": JSONSchema.string]
        }
        parameters += query.map { parameter in
            ["name": .string(parameter.name), "in": "query", "required": .bool(parameter.required),
             "description": .string(parameter.description), "schema": parameter.schema]
        }
        parameters.append(["name": "X-Request-ID", "in": "header", "required": false,
                           "description": "Echoed back and logged by every service; generated when absent.",
                           "schema": JSONSchema.string])
        operation["parameters"] = .array(parameters)
        if let request {
            operation["requestBody"] = ["required": true, "content": ["application/json": ["schema": JSONSchema.ref(request)]]]
        }
        var responses: [String: OpenAPIValue] = [:]
        if status == 101 {
            responses["101"] = ["description": "Switching to the WebSocket protocol"]
        } else if let response {
            responses[String(status)] = ["description": "Success",
                                         "content": [responseContentType: ["schema": JSONSchema.ref(response)]]]
        } else {
            responses[String(status)] = ["description": "Success, no body"]
        }
        for (status, success) in otherSuccesses {
            responses[String(status)] = ["description": .string(success.description),
                                         "content": [responseContentType: ["schema": JSONSchema.ref(success.schema)]]]
        }
        let common = [400, 429, 500, 503, 504] + (authenticated ? [401] : []) + errors
        for code in Set(common) {
            responses[String(code)] = ["$ref": .string("#/components/responses/Problem\(code)")]
        }
        operation["responses"] = .object(responses)
        if authenticated { operation["security"] = [["bearerAuth": []]] }
        return .object(operation)
    }
}
