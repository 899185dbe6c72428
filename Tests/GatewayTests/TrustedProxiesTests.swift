import RoamRuntime
import RoamTesting
import Testing

@testable import Gateway

/// Whose address a request is counted under: never one the client wrote itself.
@Suite struct TrustedProxiesTests {
    static func proxies(_ value: String) throws -> TrustedProxies {
        try TrustedProxies(environment: Environment(["TRUSTED_PROXIES": value]))
    }

    @Test func theRightMostAddressNoTrustedProxyAddedIsTheClient() throws {
        // The client forged the first entry; the load balancer (the peer) appended what it heard.
        let forged = ["6.6.6.6, 203.0.113.9"]
        #expect(try Self.proxies("").client(peer: "10.0.0.2", forwardedFor: forged) == "10.0.0.2")
        #expect(try Self.proxies("1").client(peer: "10.0.0.2", forwardedFor: forged) == "203.0.113.9")
        #expect(try Self.proxies("2").client(peer: "10.0.0.2", forwardedFor: ["6.6.6.6, 203.0.113.9", "10.0.0.7"]) == "203.0.113.9")
        let networks = try Self.proxies("10.0.0.0/8, fd00::/8")
        #expect(networks.client(peer: "10.0.0.2", forwardedFor: ["6.6.6.6, 203.0.113.9, 10.1.2.3"]) == "203.0.113.9")
        #expect(networks.client(peer: "fd00::1", forwardedFor: ["2001:db8::5"]) == "2001:db8::5")
        #expect(networks.client(peer: "::ffff:10.0.0.2", forwardedFor: ["198.51.100.1"]) == "198.51.100.1")
        // A connection not from a proxy: its header is the client's own words.
        #expect(networks.client(peer: "198.51.100.4", forwardedFor: ["1.2.3.4"]) == "198.51.100.4")
        // Fewer entries than proxies, or garbage where the client should be: the peer, never the text.
        #expect(try Self.proxies("3").client(peer: "10.0.0.2", forwardedFor: ["not-an-address"]) == "10.0.0.2")
        #expect(networks.client(peer: "10.0.0.2", forwardedFor: ["<script>"]) == "10.0.0.2")
    }

    @Test func theOldSwitchAndMalformedValuesStopTheGateway() {
        for values in [
            ["TRUST_FORWARDED_FOR": "true"], ["TRUSTED_PROXIES": "ten"], ["TRUSTED_PROXIES": "10.0.0.0/33"],
            ["TRUSTED_PROXIES": "11"],
        ] {
            #expect(throws: ConfigurationError.self, "\(values)") { try TrustedProxies(environment: Environment(values)) }
        }
    }

    /// Behind one proxy, a client that writes a new address in front of each request is still counted
    /// under the one the proxy saw.
    @Test func aForgedForwardedForDoesNotEscapeTheAddressLimit() async throws {
        let settings = try GatewayHarness.settings(["TRUSTED_PROXIES": "1", "RATE_LIMIT_PER_ADDRESS": "1", "RATE_LIMIT_PER_ADDRESS_BURST": "3"])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            // Twenty at once, each with another forged address: past the burst of 3, some are refused
            // (sent one by one, a loaded machine can take the second that earns one more between two).
            let forged = (0..<20).map { "6.6.\($0).6, 203.0.113.9" }
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for address in forged { group.addTask { try await http.send("GET", "/healthz", headers: ["X-Forwarded-For": address]).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.count { $0 == 200 } >= 3 && statuses.count { $0 == 429 } >= 1, "\(statuses)")
            // Another client behind the same proxy has its own budget.
            #expect(try await http.send("GET", "/healthz", headers: ["X-Forwarded-For": "198.51.100.7"]).status == 200)
        }
    }

    /// An IPv6 client is counted by its /64: hopping between its addresses is no fresh budget.
    @Test func everyAddressOfAnIPv6Slash64SharesOneLimit() async throws {
        let settings = try GatewayHarness.settings(["TRUSTED_PROXIES": "1", "RATE_LIMIT_PER_ADDRESS": "1", "RATE_LIMIT_PER_ADDRESS_BURST": "3"])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 1...20 {
                    group.addTask {
                        try await http.send("GET", "/healthz", headers: ["X-Forwarded-For": "2001:db8:5:5:\(index)::\(index * 3)"]).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.count { $0 == 200 } >= 3 && statuses.count { $0 == 429 } >= 1, "\(statuses)")
            #expect(try await http.send("GET", "/healthz", headers: ["X-Forwarded-For": "2001:db8:5:6::1"]).status == 200, "the next /64")
        }
    }

    /// The address limit comes before the bearer token is checked: forged tokens cost a signature check
    /// each, and must meet a 429 like anything else.
    @Test func forgedTokensMeetTheAddressLimit() async throws {
        let settings = try GatewayHarness.settings(["RATE_LIMIT_PER_ADDRESS": "1", "RATE_LIMIT_PER_ADDRESS_BURST": "3"])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            let forged = "eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl"
            let statuses = try await GatewayEdgeTests.sendAtOnce(20) { try await http.send("GET", "/v1/me", token: forged) }.map(\.status)
            #expect(statuses.count { $0 == 401 } >= 1 && statuses.count { $0 == 429 } >= 1, "\(statuses)")
            #expect(Set(statuses).isSubset(of: [401, 429]), "\(statuses)")
        }
    }
}
