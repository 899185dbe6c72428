import RoamAPI
import RoamCore

/// The operations the gateway serves as plain Hummingbird routes, not through the generated server
/// (`Gateway/openapi-generator-config.yaml` leaves their tags out, so these are never registered):
/// `APIProtocol` is RoamAPI's, shared with RoamClient, and names every operation either side knows.
extension GatewayAPI {
    /// `SystemRoutes`.
    func health(_ input: Operations.Health.Input) async throws -> Operations.Health.Output { throw Self.plainRoute("health") }
    /// `SystemRoutes`.
    func ready(_ input: Operations.Ready.Input) async throws -> Operations.Ready.Output { throw Self.plainRoute("ready") }
    /// `SystemRoutes`.
    func openAPI(_ input: Operations.OpenAPI.Input) async throws -> Operations.OpenAPI.Output { throw Self.plainRoute("openAPI") }
    /// `MediaContentRoute`.
    func downloadMedia(_ input: Operations.DownloadMedia.Input) async throws -> Operations.DownloadMedia.Output {
        throw Self.plainRoute("downloadMedia")
    }
    /// `TripDayRoute`.
    func getTripDay(_ input: Operations.GetTripDay.Input) async throws -> Operations.GetTripDay.Output {
        throw Self.plainRoute("getTripDay")
    }

    private static func plainRoute(_ operation: String) -> RoamError {
        .notFound("operation \(operation) through the generated server")
    }
}
