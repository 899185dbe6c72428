import Foundation
import GRPCCore
import Hummingbird

/// `GET /v1/trips/{id}/days/{date}` as a plain route, so that its JSON can be written by hand
/// (`TripDay.json()`); the operation stays in the OpenAPI document with its schema, and the router's
/// middlewares (the token the document asks for among them) apply as to every route.
struct TripDayRoute<Transport: ClientTransport>: Sendable {
    let api: GatewayAPI<Transport>

    func register(in table: RouteTable) {
        table.add(.get, "/v1/trips/{id}/days/{date}") { _, context in
            let page = try await api.tripDayPage(id: context.parameters.get("id") ?? "", day: context.parameters.get("date") ?? "")
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try page.json())))
        }
    }
}
