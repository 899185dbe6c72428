import Foundation
import Hummingbird
import RoamRuntime
import Testing

@testable import Gateway

/// The OpenAPI document and the router must list the same routes: the generated operations match by
/// construction, the plain routes (probes, streams) are held to the document here.
@Suite struct OpenAPITests {
    static func routerRoutes() async throws -> Set<RouteTable.Route> {
        let verifier = await AccessTokenVerifier(keySource: nil, serviceSecret: ServiceSettings.developmentServiceSecret)
        let accounts = try Upstream(name: "accounts", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(1))
        let events = try Upstream(name: "events", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(1))
        let feed = try Upstream(name: "feed", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(1))
        let media = try Upstream(name: "media", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(1))
        let trips = try Upstream(name: "trips", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(1))
        let budget = try Upstream(name: "budget", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(1))
        let bucketLists = try Upstream(name: "bucketlists", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(1))
        let notifications = try Upstream(name: "notifications", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(1))
        let moderation = try Upstream(name: "moderation", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(1))
        let gateway = Gateway(
            settings: try GatewayHarness.settings(),
            upstreams: GatewayUpstreams(
                accounts: accounts, events: events, feed: feed, media: media, trips: trips, budget: budget,
                bucketLists: bucketLists, notifications: notifications, moderation: moderation),
            verifier: verifier, registry: nil)
        return Set(gateway.router().1.routes)
    }

    static var documentedRoutes: Set<RouteTable.Route> {
        Set(GatewayOpenAPI.operations.map { RouteTable.Route(method: $0.method, path: $0.path) })
    }

    @Test func everyRouteIsDocumented() async throws {
        let undocumented = try await Self.routerRoutes().subtracting(Self.documentedRoutes)
        #expect(undocumented.isEmpty, "routes missing from the OpenAPI document: \(undocumented)")
    }

    @Test func everyDocumentedRouteExists() async throws {
        let missing = Self.documentedRoutes.subtracting(try await Self.routerRoutes())
        #expect(missing.isEmpty, "the OpenAPI document names routes the gateway does not serve: \(missing)")
    }

    /// The input check answers 400 on every route before any handler (a NUL character or bad
    /// percent-encoding in the query), pages included, so every operation documents one.
    @Test func everyOperationDocumentsTheBadRequestTheInputCheckAnswers() throws {
        let data = try JSONEncoder().encode(GatewayOpenAPI.document)
        let document = try JSONDecoder().decode(OpenAPIValue.self, from: data)
        for operation in GatewayOpenAPI.operations {
            let responses = document["paths"]?[operation.path]?[operation.method.lowercased()]?["responses"]
            #expect(responses?["400"] != nil, "\(operation.id) documents no 400")
        }
    }

    @Test func operationIDsAreUniqueAndEveryReferenceResolves() throws {
        let ids = GatewayOpenAPI.operations.map(\.id)
        #expect(Set(ids).count == ids.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = try encoder.encode(GatewayOpenAPI.document)
        let text = String(decoding: data, as: UTF8.self)
        let document = try JSONDecoder().decode(OpenAPIValue.self, from: data)
        let schemas = document["components"]?["schemas"]
        let responses = document["components"]?["responses"]
        let references = text.matches(of: /"\$ref":"#\/components\/(schemas|responses)\/([A-Za-z0-9]+)"/)
        #expect(!references.isEmpty)
        for reference in references {
            let table = reference.output.1 == "schemas" ? schemas : responses
            #expect(table?[String(reference.output.2)] != nil, "unresolved reference \(reference.output.0)")
        }
        #expect(document["openapi"] == "3.1.0")
    }

    @Test func theServedDocumentIsValidJSONAndEveryDocumentedPathIsRouted() async throws {
        try await GatewayHarness.withAccounts { http in
            let reply = try await http.send("GET", "/openapi.json")
            #expect(reply.status == 200)
            let document = try JSONDecoder().decode(OpenAPIValue.self, from: reply.body)
            guard case .object(let paths)? = document["paths"] else {
                Issue.record("no paths")
                return
            }
            #expect(paths.count == Set(GatewayOpenAPI.operations.map(\.path)).count)
            for operation in GatewayOpenAPI.operations {
                let path = operation.path.replacingOccurrences(of: "{username}", with: "someone")
                    .replacingOccurrences(of: "{id}", with: "01a20026-fdf2-7d4b-bfd4-c1b88489a2f6")
                let reply = try await http.send(operation.method, path)
                #expect(reply.reason != "ROUTE_NOT_FOUND", "\(operation.method) \(operation.path) is not routed")
            }
        }
    }

    @Test func joiningDocumentsTheWaitlistAnswer() throws {
        let join = try #require(GatewayOpenAPI.document["paths"]?["/v1/events/{id}/join"]?["post"])
        #expect(join["responses"]?["200"] != nil && join["responses"]?["202"] != nil)
    }

    @Test func securityComesFromTheDocument() {
        #expect(GatewayOpenAPI.operationsRequiringUser.contains("getMe"))
        #expect(!GatewayOpenAPI.operationsRequiringUser.contains("logIn"))
        #expect(!GatewayOpenAPI.operationsRequiringUser.contains("getUser"))
    }
}
