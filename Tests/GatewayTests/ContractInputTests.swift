import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Gateway

/// Every operation in `Gateway/openapi.yaml`, fed a malformed value in each path parameter and in each
/// required body field: a 400 naming the field as the client sent it, from the gateway itself. The
/// services behind this gateway answer nothing useful, so a 400 also shows nothing reached them (and so
/// nothing was stored).
@Suite struct ContractInputTests {
    /// Operations that are not JSON request/response pairs (streams, probes).
    static let skipped: Set<String> = ["health", "ready", "openAPI", "liveChat", "notificationStream"]

    static var operations: [GatewayOpenAPI.Operation] {
        GatewayOpenAPI.operations.filter { !skipped.contains($0.id) }
    }

    static func schema(_ value: OpenAPIValue?) -> OpenAPIValue? {
        guard case .string(let reference)? = value?["$ref"] else { return value }
        let name = reference.replacingOccurrences(of: "#/components/schemas/", with: "")
        return GatewayOpenAPI.document["components"]?["schemas"]?[name]
    }

    /// A value the schema accepts.
    static func sample(_ value: OpenAPIValue?) -> Any {
        let schema = schema(value)
        switch schema?["type"] {
        case "object"?:
            var object: [String: Any] = [:]
            if case .array(let required)? = schema?["required"] {
                for case .string(let name) in required { object[name] = sample(schema?["properties"]?[name]) }
            }
            return object
        case "array"?: return []
        case "integer"?: return (schema?["minimum"]?.number).map { Int($0) } ?? 1
        case "number"?: return schema?["minimum"]?.number ?? 1
        case "boolean"?: return true
        default:
            if schema?["format"] == "date-time" { return "2030-01-01T00:00:00Z" }
            if case .array(let choices)? = schema?["enum"], case .string(let first)? = choices.first { return first }
            return "x"
        }
    }

    /// A value of the wrong JSON type for the schema.
    static func malformed(_ value: OpenAPIValue?) -> Any {
        switch schema(value)?["type"] {
        case "string"?: return ["not", "a", "string"]
        default: return "not the right type"
        }
    }

    static func path(_ operation: GatewayOpenAPI.Operation, _ parameter: String? = nil, as malformed: String = "") -> String {
        var path = operation.path
        for name in operation.pathParameters {
            let value = name == parameter ? malformed : (name == "username" ? "someone" : UUID().lowercasedString)
            path = path.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return path
    }

    func withGateway(_ body: @Sendable (HTTPTestClient, _ token: String) async throws -> Void) async throws {
        let tokens = await TestTokens()
        try await GatewayHarness.run(
            [], anonymousMethods: [], verifier: try await tokens.verifier(),
            settings: try GatewayHarness.settings([
                "RATE_LIMIT_PER_USER": "100000", "RATE_LIMIT_PER_USER_BURST": "100000",
                "RATE_LIMIT_PER_ADDRESS": "100000", "RATE_LIMIT_PER_ADDRESS_BURST": "100000",
            ])
        ) { http in
            try await body(http, try await tokens.userToken(UUID()))
        }
    }

    @Test func malformedPathParametersAreNamedFieldErrors() async throws {
        try await withGateway { http, token in
            for operation in Self.operations {
                for parameter in operation.pathParameters {
                    let body = operation.requestBodySchema.map { Self.sample($0) }
                    var malformed = ["a%00b"]
                    if operation.uuidPathParameters.contains(parameter) { malformed.append("not-a-uuid") }
                    for value in malformed {
                        let reply = try await http.send(
                            operation.method, Self.path(operation, parameter, as: value),
                            json: body as? [String: Any], token: token)
                        #expect(reply.status == 400, "\(operation.id) {\(parameter)} = \(value): \(reply.status)")
                        // A HEAD is answered without a body, problems included.
                        guard operation.method != "HEAD" else { continue }
                        #expect(reply.reason == "INVALID_FIELD" && reply.problemFields == [parameter], "\(operation.id) {\(parameter)} = \(value)")
                    }
                }
            }
        }
    }

    /// Every route, pages and streams included, refuses a NUL character in any query parameter before
    /// its handler runs, with the 400 the document lists for it.
    @Test func aNULInAnyQueryParameterIsANamedFieldError() async throws {
        try await withGateway { http, token in
            for operation in GatewayOpenAPI.operations {
                let path = Self.path(operation)
                let target = path + (path.contains("?") ? "&" : "?") + "stray=a%00b"
                let reply = try await http.send(operation.method, target, token: token)
                #expect(reply.status == 400, "\(operation.id): \(reply.status)")
                guard operation.method != "HEAD" else { continue }
                #expect(reply.reason == "INVALID_FIELD" && reply.problemFields.contains("stray"), "\(operation.id): \(reply.problemFields)")
            }
        }
    }

    /// Security comes from the document, for generated operations and plain stream routes alike, and
    /// before any input is read: an anonymous caller learns nothing about what it sent.
    @Test func everyOperationTheDocumentSecuresRefusesAnonymousCallersFirst() async throws {
        try await withGateway { http, _ in
            let secured = GatewayOpenAPI.operations.filter(\.requiresUser)
            #expect(secured.contains { $0.id == "liveChat" } && secured.contains { $0.id == "notificationStream" })
            for operation in secured {
                let garbage = operation.requestBodySchema == nil ? nil : Data("{".utf8)
                let reply = try await http.send(
                    operation.method, Self.path(operation, operation.pathParameters.first, as: "a%00b"),
                    body: garbage, headers: ["Content-Type": "application/json"])
                #expect(
                    reply.status == 401 && (reply.reason == "UNAUTHENTICATED" || operation.method == "HEAD" && reply.body.isEmpty),
                    "\(operation.id): \(reply.status) \(reply.reason ?? "")")
            }
            for operation in GatewayOpenAPI.operations where !operation.requiresUser {
                let reply = try await http.send(operation.method, Self.path(operation))
                #expect(reply.status != 401, "\(operation.id) is open in the document but refused an anonymous caller")
            }
        }
    }

    @Test func malformedRequiredBodyFieldsAreNamedFieldErrors() async throws {
        try await withGateway { http, token in
            for operation in Self.operations {
                guard let bodySchema = Self.schema(operation.requestBodySchema),
                    case .array(let required)? = bodySchema["required"]
                else { continue }
                for case .string(let field) in required {
                    var body = Self.sample(bodySchema) as? [String: Any] ?? [:]
                    body[field] = Self.malformed(bodySchema["properties"]?[field])
                    let reply = try await http.send(operation.method, Self.path(operation), json: body, token: token)
                    #expect(reply.status == 400, "\(operation.id) \(field): \(reply.status)")
                    #expect(reply.reason == "INVALID_FIELD" && reply.problemFields == [field], "\(operation.id) \(field): \(reply.problemFields)")

                    body.removeValue(forKey: field)
                    let missing = try await http.send(operation.method, Self.path(operation), json: body, token: token)
                    #expect(
                        missing.status == 400 && missing.problemFields == [field],
                        "\(operation.id) without \(field): \(missing.status) \(String(decoding: missing.body, as: UTF8.self))")
                }
            }
        }
    }

    /// `sample(value)` with one `date-time` somewhere inside set to `time`, for each one there is: the
    /// field as a problem document names it (`window.start`, `points[0].at`) and the body.
    static func samples(_ value: OpenAPIValue?, withTime time: String, depth: Int = 0) -> [(field: String, body: Any)] {
        let schema = schema(value)
        guard depth < 4 else { return [] }
        switch schema?["type"] {
        case "object"?:
            guard case .object(let properties)? = schema?["properties"] else { return [] }
            return properties.keys.sorted().flatMap { name in
                samples(properties[name], withTime: time, depth: depth + 1).map { inner in
                    var object = sample(schema) as? [String: Any] ?? [:]
                    object[name] = inner.body
                    return (inner.field.isEmpty ? name : inner.field.hasPrefix("[") ? name + inner.field : "\(name).\(inner.field)", object as Any)
                }
            }
        case "array"?:
            return samples(schema?["items"], withTime: time, depth: depth + 1).map { inner in
                ("[0]" + (inner.field.isEmpty || inner.field.hasPrefix("[") ? inner.field : "." + inner.field), [inner.body] as Any)
            }
        default:
            return schema?["format"] == "date-time" ? [("", time)] : []
        }
    }

    /// Every typed query parameter of every operation, given a value of the wrong kind, is refused
    /// naming that parameter as the client wrote it (`happeningNow=maybe` once named `body`).
    @Test func malformedQueryParametersAreNamedFieldErrors() async throws {
        try await withGateway { http, token in
            var checked = 0
            for operation in Self.operations {
                for parameter in operation.queryParameters {
                    let wrong: String
                    switch parameter.type {
                    case "boolean": wrong = "maybe"
                    case "integer": wrong = "1.5"
                    case "number": wrong = "north"
                    default:
                        guard parameter.allowed != nil || parameter.format == "date-time" else { continue }
                        wrong = "someday"
                    }
                    let others = operation.queryParameters.filter { $0.required && $0.name != parameter.name }
                        .map { "\($0.name)=\($0.allowed?.first ?? ($0.type == "string" ? "x" : "1"))" }
                    let query = (others + ["\(parameter.name)=\(wrong)"]).joined(separator: "&")
                    let reply = try await http.send(
                        operation.method, Self.path(operation) + "?" + query,
                        json: operation.requestBodySchema.map { Self.sample($0) } as? [String: Any], token: token)
                    #expect(
                        reply.status == 400 && reply.problemFields == [parameter.name],
                        "\(operation.id) ?\(query): \(reply.status) \(reply.problemFields)")
                    checked += 1
                }
            }
            print("typed query parameters checked with a wrong value: \(checked)")
            #expect(checked > 0)
        }
    }

    /// Every `date-time` the document takes, in a body or a query, reads any RFC 3339 time: a fraction
    /// (JavaScript's `toISOString()`) and an offset are never what the gateway refuses; a time that is
    /// not one is refused naming it, so the check can fail.
    @Test func everyDateTimeTakesAnyRFC3339Time() async throws {
        try await withGateway { http, token in
            var checked = 0
            for operation in Self.operations {
                for (time, valid) in [("2030-01-01T05:30:00.123+05:30", true), ("2030-01-01 00:00", false)] {
                    for (field, body) in Self.samples(operation.requestBodySchema, withTime: time) {
                        let reply = try await http.send(operation.method, Self.path(operation), json: body as? [String: Any], token: token)
                        if valid {
                            #expect(
                                !reply.problemFields.contains(field) && reply.status != 400,
                                "\(operation.id) \(field) = \(time): \(reply.status) \(reply.text.prefix(300))")
                            checked += 1
                        } else {
                            #expect(reply.problemFields.contains(field), "\(operation.id) \(field) = \(time): \(reply.status)")
                        }
                    }
                    for parameter in operation.queryParameters where parameter.format == "date-time" {
                        let query = operation.queryParameters.filter { $0.required && $0.name != parameter.name }
                            .map { "\($0.name)=\($0.allowed?.first ?? ($0.type == "string" ? "x" : "1"))" }
                        let encoded = time.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? time
                        let reply = try await http.send(
                            operation.method, Self.path(operation) + "?" + (query + ["\(parameter.name)=\(encoded)"]).joined(separator: "&"),
                            json: operation.requestBodySchema.map { Self.sample($0) } as? [String: Any], token: token)
                        if valid {
                            #expect(
                                !reply.problemFields.contains(parameter.name),
                                "\(operation.id) ?\(parameter.name) = \(time): \(reply.text.prefix(300))")
                            checked += 1
                        } else {
                            #expect(reply.problemFields.contains(parameter.name), "\(operation.id) ?\(parameter.name) = \(time): \(reply.status)")
                        }
                    }
                }
            }
            print("date-time fields checked with a fraction and an offset: \(checked)")
            #expect(checked > 0)
        }
    }

    /// What the generated decoder alone would refuse without naming the field (a fraction in a whole
    /// number, a date it cannot read) or by naming Swift types: the document's schema names them all.
    @Test func bodiesAreHeldAgainstTheDocumentsSchema() async throws {
        try await withGateway { http, token in
            let event: [String: Any] = [
                "name": "Picnic", "center": ["latitude": 59.3, "longitude": 18.1], "radiusMeters": 200,
                "capacity": 10, "durationSeconds": 3600,
            ]
            func refusal(_ method: String, _ path: String, _ body: Data) async throws -> [String: String] {
                let reply = try await http.send(method, path, body: body, token: token, headers: ["Content-Type": "application/json"])
                #expect(reply.status == 400 && reply.reason == "INVALID_FIELD", "\(path): \(reply.status) \(reply.reason ?? "")")
                let problem = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
                let errors = problem?["errors"] as? [[String: String]] ?? []
                return Dictionary(errors.map { ($0["field"] ?? "", $0["description"] ?? "") }) { first, _ in first }
            }
            func withEvent(_ changes: [String: Any]) throws -> Data {
                try JSONSerialization.data(withJSONObject: event.merging(changes) { _, new in new })
            }
            #expect(try await refusal("POST", "/v1/events", withEvent(["capacity": 1.5])) == ["capacity": "must be a whole number"])
            #expect(try await refusal("POST", "/v1/events", withEvent(["durationSeconds": 1e20])) == ["durationSeconds": "is out of range"])
            // Whole, and within Int64, but not within the int32 the document names.
            #expect(
                try await refusal("POST", "/v1/items/\(UUID().lowercasedString)/move", Data(#"{"position":99999999999}"#.utf8))
                    == ["position": "is out of range"])
            #expect(
                try await refusal("POST", "/v1/events", withEvent(["startsAt": "tomorrow"]))
                    == ["startsAt": "must be an RFC 3339 date and time such as 2030-01-31T18:00:00.000Z"])
            #expect(try await refusal("POST", "/v1/events", withEvent(["visibility": "secret"])) == ["visibility": "must be one of public, private"])
            #expect(
                try await refusal("POST", "/v1/events", withEvent(["center": [1, 2], "tags": "x"]))
                    == ["center": "must be a JSON object", "tags": "must be an array"])
            #expect(
                try await refusal("POST", "/v1/events", withEvent(["center": ["latitude": NSNull(), "longitude": true]]))
                    == ["center.latitude": "must not be null", "center.longitude": "must be a number"])
            #expect(try await refusal("POST", "/v1/posts", Data("[1]".utf8)) == ["body": "must be a JSON object"])
            #expect(try await refusal("POST", "/v1/posts", Data(#"{"mediaIds":["a",2]}"#.utf8)) == ["mediaIds[1]": "must be a string"])
            let join = Data(#"{"latitude":59.3,"longitude":18.1,"accuracyMeters":10,"waitlistIfFull":"yes"}"#.utf8)
            #expect(try await refusal("POST", "/v1/events/\(UUID().lowercasedString)/join", join) == ["waitlistIfFull": "must be true or false"])
            // Not JSON at all stays the decoder's MALFORMED_JSON.
            let garbage = try await http.send("POST", "/v1/posts", body: Data("{".utf8), token: token, headers: ["Content-Type": "application/json"])
            #expect(garbage.status == 400 && garbage.reason == "MALFORMED_JSON")
        }
    }
}
