/// Probes, metrics and the document itself.
enum SystemOperations {
    static let all: [APIOperation] = [
        APIOperation(method: "GET", path: "/healthz", id: "health", summary: "The gateway process is up",
                     tag: "system", authenticated: false, status: 200, response: "Health"),
        APIOperation(method: "GET", path: "/readyz", id: "ready", summary: "Every configured service is SERVING (503 otherwise)",
                     tag: "system", authenticated: false, status: 200, response: "Readiness"),
        APIOperation(method: "GET", path: "/metrics", id: "metrics", summary: "Prometheus metrics (text format)",
                     tag: "system", authenticated: false, status: 200),
        APIOperation(method: "GET", path: "/openapi.json", id: "openAPI", summary: "This document",
                     tag: "system", authenticated: false, status: 200),
    ]
}

enum SystemSchemas {
    static let all: [String: OpenAPIValue] = [
        "Health": JSONSchema.object(["status": JSONSchema.string], required: ["status"]),
        "Readiness": JSONSchema.object([
            "status": ["type": "string", "enum": ["ready", "not ready"]],
            "services": JSONSchema.map(of: JSONSchema.ref("PartStatus")),
        ], required: ["status", "services"]),
        "Problem": JSONSchema.object([
            "type": JSONSchema.string("A URI naming the kind of problem"),
            "title": JSONSchema.string("The HTTP status text"),
            "status": ["type": "integer"],
            "detail": JSONSchema.string("What went wrong, for people"),
            "reason": JSONSchema.string("A stable upper-snake-case code for programs, e.g. USERNAME_TAKEN"),
            "requestId": JSONSchema.string("The request's X-Request-ID"),
            "errors": JSONSchema.array(of: JSONSchema.object(["field": JSONSchema.string, "description": JSONSchema.string],
                                                             required: ["field", "description"])),
            "retryAfter": ["type": "integer", "description": "Seconds to wait (also in the Retry-After header)"],
        ], required: ["type", "title", "status", "detail", "reason"]),
    ]
}
