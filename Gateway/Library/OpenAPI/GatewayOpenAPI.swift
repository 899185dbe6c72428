import Foundation
import HTTPTypes

/// `Gateway/openapi.yaml`, the one place an operation is declared, as `scripts/generate-openapi.sh`
/// embeds it: served at `/openapi.json`, and read for what each operation requires (a signed-in user).
enum GatewayOpenAPI {
    struct Operation: Sendable, Equatable {
        var method: String
        /// In OpenAPI form: `/v1/users/{username}`.
        var path: String
        var id: String
        /// Lists `bearerAuth` in every requirement under `security` (`- {}` makes a token optional).
        var requiresUser: Bool
        var queryParameters: [QueryParameter] = []
        /// Path parameters declared `format: uuid`.
        var uuidPathParameters: Set<String> = []
        /// The JSON body's schema (often a `$ref`), when the operation takes one.
        var requestBodySchema: OpenAPIValue?
        /// Takes a body that is not JSON (an upload), streamed to its handler rather than collected.
        var takesOtherBody = false
        /// Declares the `Idempotency-Key` header (a create that may be retried).
        var takesIdempotencyKey = false

        /// `{username}` in the path, by name.
        var pathParameters: [String] {
            path.split(separator: "/").compactMap { $0.hasPrefix("{") && $0.hasSuffix("}") ? String($0.dropFirst().dropLast()) : nil }
        }
    }

    /// A query parameter as the document declares it: what the generated code decodes loosely (`0x10`
    /// as 16, no `minimum`/`maximum`, and a failure without the parameter's name) is checked first.
    struct QueryParameter: Sendable, Hashable {
        var name: String
        var required: Bool
        /// `integer`, `number`, `string`, …
        var type: String?
        var minimum: Double?
        var maximum: Double?
        /// The values a string parameter's `enum` lists, when it has one.
        var allowed: [String]?
        /// A string's `format` (`date-time`, `date`, `uuid`), when it has one.
        var format: String?
    }

    static let json = Data(openAPIDocumentJSON.utf8)

    static let document: OpenAPIValue = {
        do {
            return try JSONDecoder().decode(OpenAPIValue.self, from: json)
        } catch {
            preconditionFailure("the generated OpenAPI document is not JSON: \(error)")
        }
    }()

    static let operations: [Operation] = {
        guard case .object(let paths)? = document["paths"] else { return [] }
        return paths.flatMap { path, item -> [Operation] in
            guard case .object(let methods) = item else { return [] }
            return methods.compactMap { method, operation in
                guard case .string(let id)? = operation["operationId"] else { return nil }
                var requiresUser = false
                if case .array(let requirements)? = operation["security"] {
                    requiresUser = !requirements.isEmpty && requirements.allSatisfy { $0["bearerAuth"] != nil }
                }
                return Operation(
                    method: method.uppercased(), path: path, id: id, requiresUser: requiresUser,
                    queryParameters: queryParameters(of: operation), uuidPathParameters: uuidPathParameters(of: operation),
                    requestBodySchema: operation["requestBody"]?["content"]?["application/json"]?["schema"],
                    takesOtherBody: operation["requestBody"] != nil && operation["requestBody"]?["content"]?["application/json"] == nil,
                    takesIdempotencyKey: takesIdempotencyKey(operation))
            }
        }.sorted { ($0.path, $0.method) < ($1.path, $1.method) }
    }()

    /// Operation ids that need a signed-in user.
    static let operationsRequiringUser = Set(operations.filter(\.requiresUser).map(\.id))

    /// The operation a route serves, by its OpenAPI path (`/v1/users/{username}`) and method; looked up on
    /// every request, so without building a key.
    static func operation(_ method: HTTPRequest.Method, _ path: String) -> Operation? {
        operationsByPath[path]?[method.rawValue]
    }

    private static let operationsByPath: [String: [String: Operation]] = Dictionary(grouping: operations, by: \.path)
        .mapValues { Dictionary($0.map { ($0.method, $0) }) { first, _ in first } }

    private static func takesIdempotencyKey(_ operation: OpenAPIValue) -> Bool {
        guard case .array(let parameters)? = operation["parameters"] else { return false }
        return parameters.contains {
            $0["$ref"] == "#/components/parameters/IdempotencyKey" || ($0["in"] == "header" && $0["name"] == "Idempotency-Key")
        }
    }

    private static func uuidPathParameters(of operation: OpenAPIValue) -> Set<String> {
        guard case .array(let parameters)? = operation["parameters"] else { return [] }
        return Set(
            parameters.compactMap { parameter in
                guard parameter["in"] == "path", parameter["schema"]?["format"] == "uuid", case .string(let name)? = parameter["name"] else {
                    return nil
                }
                return name
            })
    }

    private static func queryParameters(of operation: OpenAPIValue) -> [QueryParameter] {
        guard case .array(let parameters)? = operation["parameters"] else { return [] }
        return parameters.compactMap { parameter in
            guard parameter["in"] == "query", case .string(let name)? = parameter["name"] else { return nil }
            let schema = parameter["schema"]
            var type: String?
            if case .string(let declared)? = schema?["type"] { type = declared }
            var allowed: [String]?
            if case .array(let values)? = schema?["enum"] {
                allowed = values.compactMap { if case .string(let value) = $0 { value } else { nil } }
            }
            var format: String?
            if case .string(let declared)? = schema?["format"] { format = declared }
            return QueryParameter(
                name: name, required: parameter["required"] == .bool(true), type: type,
                minimum: schema?["minimum"]?.number, maximum: schema?["maximum"]?.number, allowed: allowed, format: format)
        }
    }
}
