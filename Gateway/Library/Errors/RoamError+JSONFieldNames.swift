import Foundation
import GRPCCore
import RoamRuntime

extension RoamError {
    /// Services name fields as in their protobuf messages (`display_name`); the JSON API names them in
    /// lowerCamelCase (`displayName`), the same mapping protobuf's JSON form uses.
    /// Messages and each field's description name fields the same way (`join its waitlist with
    /// waitlist_if_full`, `must not be before start_date`): every snake_case word in them is renamed too.
    func withJSONFieldNames() -> RoamError {
        var error = renamingFields(Self.sharedFieldNames)
        for index in error.violations.indices {
            error.violations[index].field = Self.lowerCamelCase(error.violations[index].field)
            error.violations[index].description = error.violations[index].description.replacing(Self.snakeCaseWord) {
                Self.lowerCamelCase(String($0.output.0))
            }
        }
        error.message = error.message.replacing(Self.snakeCaseWord) { Self.lowerCamelCase(String($0.output.0)) }
        return error
    }

    /// Fields every service names alike that reach the gateway other than in the JSON body: a listing's
    /// page is asked for with the query parameters `pageSize` and `pageToken`, and a create's key
    /// comes in the `Idempotency-Key` header.
    static let sharedFieldNames = ["page.page_size": "pageSize", "page.page_token": "pageToken", "idempotency_key": "Idempotency-Key"]

    /// `waitlist_if_full`, `position.accuracy_meters`: lowercase words joined by underscores.
    /// Simple word boundaries: Unicode's would read `position.accuracy_meters` as one word.
    nonisolated(unsafe) private static let snakeCaseWord = /\b[a-z][a-z0-9]*(_[a-z0-9]+)+\b/.wordBoundaryKind(.simple)

    static func lowerCamelCase(_ name: String) -> String {
        var result = ""
        var upperNext = false
        for character in name {
            if character == "_" {
                upperNext = true
            } else {
                result.append(upperNext ? Character(character.uppercased()) : character)
                upperNext = false
            }
        }
        return result
    }
}

extension RoamError {
    /// Renames the fields a service names (`position.latitude`) to those of the JSON body the client
    /// sent (`latitude`), where the two differ in more than case. A name with `[]` matches any index.
    func renamingFields(_ names: [String: String]) -> RoamError {
        var error = self
        for index in error.violations.indices {
            let field = error.violations[index].field
            guard let name = names[field] ?? Self.indexedName(field, in: names) else { continue }
            error.message = error.message.replacingOccurrences(of: field, with: name)
            error.violations[index].field = name
        }
        return error
    }

    /// `points[3].position.latitude` through `points[].position.latitude` → `points[3].latitude`.
    private static func indexedName(_ field: String, in names: [String: String]) -> String? {
        let indices = field.matches(of: #/\[\d+\]/#).map { String(field[$0.range]) }
        guard !indices.isEmpty, let pattern = names[field.replacing(#/\[\d+\]/#, with: "[]")] else { return nil }
        var remaining = indices[...]
        return pattern.replacing(#/\[\]/#) { _ in remaining.popFirst() ?? "[]" }
    }
}

/// Runs a call whose request fields the service names differently from the client's `Part`.
func renamingFields<Part: ServiceFieldNames, Result>(
    as part: Part.Type, _ body: () async throws -> Result
) async throws -> Result {
    try await renamingFields(Part.serviceFieldNames, body)
}

/// Runs a call whose request fields the service names as `names` says (a part's `serviceFieldNames`).
func renamingFields<Result>(_ names: [String: String], _ body: () async throws -> Result) async throws -> Result {
    do {
        return try await body()
    } catch let error as RPCError {
        let roamError = RoamError(error)
        if case .internal = roamError.kind { throw error }
        throw roamError.renamingFields(names).withJSONFieldNames()
    }
}
