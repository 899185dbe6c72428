import Foundation
import Hummingbird
import OpenAPIRuntime
import RoamRuntime

/// Refuses, on every route and before any handler runs, text no service can store: a NUL character
/// in a path parameter, a query parameter or any string of a JSON body (PostgreSQL text cannot hold
/// one), and query parameters whose percent-encoding is not UTF-8. Then holds the query and the body
/// against what the document declares (`BodySchemaCheck`). Each is a 400 naming the field.
public struct InputCheckMiddleware: RouterMiddleware {
    public typealias Context = GatewayRequestContext

    private static let bodyCheck = BodySchemaCheck(schemas: GatewayOpenAPI.requestSchemas)

    public init() {}

    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var validation = Validation()
        for (name, value) in context.parameters where value.range(of: "%00") != nil {
            validation.fail(String(name), "must not contain NUL characters")
        }
        let query = FormQuery(request.uri.query)
        for name in query.undecodable {
            validation.fail(name, "is not valid percent-encoded UTF-8")
        }
        for (name, value) in query.items where value.unicodeScalars.contains("\u{0}") || name.unicodeScalars.contains("\u{0}") {
            validation.fail(name, "must not contain NUL characters")
        }
        let operation = context.operation
        if let operation {
            for (name, value) in context.parameters
            where operation.uuidPathParameters.contains(String(name))
                && !validation.violations.contains(where: { $0.field == name }) && UUID(uuidString: String(value)) == nil
            {
                validation.fail(String(name), "must be a UUID")
            }
            Self.check(query, against: operation.queryParameters, into: &validation)
        }
        var request = request
        var context = context
        if Self.mayCarryJSON(request), operation?.takesOtherBody != true {
            // Bodies are collected here at most once: handlers read the same buffer again. The JSON is
            // read once for every check here and the fingerprint after; a body that is not JSON at all
            // is the generated decoder's to report (MALFORMED_JSON).
            let bytes = Data(try await request.collectBody(upTo: context.maxBodyBytes).readableBytesView)
            let json =
                bytes.isEmpty ? nil : (try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])).map(RequestJSONBody.init)
            context.jsonBody = json
            let nulFields = json.map { JSONNulFinder.fields(in: $0, read: bytes) } ?? []
            for field in nulFields {
                validation.fail(field, "must not contain NUL characters")
            }
            if let schema = operation?.requestBodySchema, let json {
                let value = OpenAPIValue(jsonObject: json.object)
                var schemaCheck = Validation()
                Self.bodyCheck.check(value, against: schema, at: "", into: &schemaCheck)
                // In a PATCH, null removes a field (absent keeps it): the handlers see what removes it.
                if request.method == .patch, case .object(let object) = value,
                    let cleared = Self.bodyCheck.clearingNulls(in: object, against: schema, into: &schemaCheck)
                {
                    request.body = RequestBody(buffer: ByteBuffer(bytes: try JSONEncoder().encode(OpenAPIValue.object(cleared))))
                    context.jsonBody = nil
                }
                for violation in schemaCheck.violations where !nulFields.contains(violation.field) {
                    validation.fail(violation.field, violation.description)
                }
            }
        }
        try validation.check()
        return try await next(request, context)
    }

    /// Presence, number syntax (strictly: `PlainNumber`), range and listed values, as the document
    /// declares them.
    static func check(_ query: FormQuery, against parameters: [GatewayOpenAPI.QueryParameter], into validation: inout Validation) {
        // A parameter refused already (a NUL, bad percent-encoding) is reported once.
        let refused = Set(validation.violations.map(\.field))
        for parameter in parameters where !refused.contains(parameter.name) {
            guard let raw = query[parameter.name] else {
                if parameter.required { validation.fail(parameter.name, "is required") }
                continue
            }
            if let allowed = parameter.allowed, !allowed.contains(raw) {
                validation.fail(parameter.name, "must be one of \(allowed.joined(separator: ", "))")
                continue
            }
            // A time the generated decoder could not read would be reported as a broken body, naming no field.
            if parameter.format == "date-time", RFC3339.date(raw) == nil {
                validation.fail(parameter.name, "must be an RFC 3339 date and time such as 2030-01-31T18:00:00.000Z")
                continue
            }
            // The generated decoder reads only these two, and names no field when it cannot.
            if parameter.type == "boolean" {
                if raw != "true" && raw != "false" { validation.fail(parameter.name, "must be true or false") }
                continue
            }
            let value: Double?
            switch parameter.type {
            case "integer": value = PlainNumber.parseWhole(raw)
            case "number": value = PlainNumber.parse(raw)
            default: continue
            }
            guard let value else {
                validation.fail(parameter.name, parameter.type == "integer" ? "must be a whole number" : "must be a number")
                continue
            }
            let minimum = parameter.minimum ?? -.infinity, maximum = parameter.maximum ?? .infinity
            if !(minimum...maximum).contains(value) {
                validation.fail(parameter.name, "must be from \(PlainNumber.format(minimum)) to \(PlainNumber.format(maximum))")
            }
        }
    }

    private static func mayCarryJSON(_ request: Request) -> Bool {
        guard request.method != .get, request.method != .head else { return false }
        guard let type = request.headers[.contentType] else { return true }
        return type.lowercased().hasPrefix("application/json")
    }
}
