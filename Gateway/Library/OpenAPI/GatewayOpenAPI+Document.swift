import Foundation

extension GatewayOpenAPI {
    /// The served document, parsed: only the tests read it this way (the house rules and the table's
    /// own check); the gateway reads its generated table.
    static let document: OpenAPIValue = {
        do {
            return try JSONDecoder().decode(OpenAPIValue.self, from: json)
        } catch {
            preconditionFailure("the generated OpenAPI document is not JSON: \(error)")
        }
    }()
}
