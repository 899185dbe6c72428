import Foundation
import HTTPTypes

/// `Gateway/openapi.yaml`, the one place an operation is declared, as `scripts/generate-openapi.sh`
/// embeds it: the document served at `/openapi.json`, and the table of what each operation requires
/// (`operations` and `requestSchemas`, generated in `Generated/OperationTable.swift`), so nothing is
/// parsed at run time.
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
        var requestBodySchema: OpenAPIValue? = nil
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
        var type: String? = nil
        var minimum: Double? = nil
        var maximum: Double? = nil
        /// The values a string parameter's `enum` lists, when it has one.
        var allowed: [String]? = nil
        /// A string's `format` (`date-time`, `date`, `uuid`), when it has one.
        var format: String? = nil
    }

    static let json = Data(openAPIDocumentJSON.utf8)

    /// Operation ids that need a signed-in user.
    static let operationsRequiringUser = Set(operations.filter(\.requiresUser).map(\.id))

    /// The operation a route serves, by its OpenAPI path (`/v1/users/{username}`) and method; looked up on
    /// every request, so without building a key.
    static func operation(_ method: HTTPRequest.Method, _ path: String) -> Operation? {
        operationsByPath[path]?[method.rawValue]
    }

    private static let operationsByPath: [String: [String: Operation]] = Dictionary(grouping: operations, by: \.path)
        .mapValues { Dictionary($0.map { ($0.method, $0) }) { first, _ in first } }
}
