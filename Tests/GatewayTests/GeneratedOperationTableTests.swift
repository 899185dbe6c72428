import Foundation
import Testing

@testable import Gateway

/// The table `scripts/generate-operation-table.py` writes says what the document says, read here a
/// second way: security, query rules, UUID path parameters, bodies and idempotency keys.
@Suite struct GeneratedOperationTableTests {
    static func parameters(of operation: OpenAPIValue) -> [OpenAPIValue] {
        guard case .array(let parameters)? = operation["parameters"] else { return [] }
        return parameters.map { parameter in
            guard case .string(let reference)? = parameter["$ref"] else { return parameter }
            let name = String(reference.split(separator: "/").last ?? "")
            return GatewayOpenAPI.document["components"]?["parameters"]?[name] ?? parameter
        }
    }

    static func readFromTheDocument() -> [GatewayOpenAPI.Operation] {
        guard case .object(let paths)? = GatewayOpenAPI.document["paths"] else { return [] }
        return paths.flatMap { path, item -> [GatewayOpenAPI.Operation] in
            guard case .object(let methods) = item else { return [] }
            return methods.compactMap { method, operation in
                guard case .string(let id)? = operation["operationId"] else { return nil }
                var requiresUser = false
                if case .array(let requirements)? = operation["security"] {
                    requiresUser = !requirements.isEmpty && requirements.allSatisfy { $0["bearerAuth"] != nil }
                }
                let parameters = parameters(of: operation)
                let query = parameters.compactMap { parameter -> GatewayOpenAPI.QueryParameter? in
                    guard parameter["in"] == "query", case .string(let name)? = parameter["name"] else { return nil }
                    let schema = parameter["schema"]
                    var allowed: [String]?
                    if case .array(let values)? = schema?["enum"] {
                        allowed = values.compactMap { if case .string(let value) = $0 { value } else { nil } }
                    }
                    var type: String?, format: String?
                    if case .string(let declared)? = schema?["type"] { type = declared }
                    if case .string(let declared)? = schema?["format"] { format = declared }
                    return .init(
                        name: name, required: parameter["required"] == .bool(true), type: type, minimum: schema?["minimum"]?.number,
                        maximum: schema?["maximum"]?.number, allowed: allowed, format: format)
                }
                let uuids = parameters.compactMap { parameter -> String? in
                    guard parameter["in"] == "path", parameter["schema"]?["format"] == "uuid", case .string(let name)? = parameter["name"]
                    else { return nil }
                    return name
                }
                let content = operation["requestBody"]?["content"]
                return .init(
                    method: method.uppercased(), path: path, id: id, requiresUser: requiresUser, queryParameters: query,
                    uuidPathParameters: Set(uuids), requestBodySchema: content?["application/json"]?["schema"],
                    takesOtherBody: content != nil && content?["application/json"] == nil,
                    takesIdempotencyKey: parameters.contains { $0["in"] == "header" && $0["name"] == "Idempotency-Key" })
            }
        }.sorted { ($0.path, $0.method) < ($1.path, $1.method) }
    }

    @Test func theTableListsEveryOperationWithTheRulesTheDocumentGivesIt() {
        let expected = Self.readFromTheDocument()
        #expect(expected.count > 200)
        #expect(GatewayOpenAPI.operations.count == expected.count)
        for (table, document) in zip(GatewayOpenAPI.operations, expected) {
            #expect(table == document, "\(document.method) \(document.path)")
        }
        #expect(GatewayOpenAPI.operations.contains { $0.takesIdempotencyKey && $0.id == "createTrip" })
    }

    /// Every schema a request body names is in the table, with every property the document declares.
    @Test func everyRequestBodySchemaIsInTheTable() {
        var checked = 0
        for case .object(let schemas)? in [GatewayOpenAPI.document["components"]?["schemas"]] {
            for (name, schema) in schemas {
                guard let kept = GatewayOpenAPI.requestSchemas[name] else { continue }
                checked += 1
                guard case .object(let properties)? = schema["properties"] else { continue }
                guard case .object(let keptProperties)? = kept["properties"] else {
                    Issue.record("\(name) lost its properties")
                    continue
                }
                #expect(Set(properties.keys) == Set(keptProperties.keys), "\(name)")
                #expect(kept["required"] == schema["required"], "\(name)")
            }
        }
        #expect(checked == GatewayOpenAPI.requestSchemas.count && checked > 20)
    }
}
