import Foundation
import RoamTesting
import Testing

/// Password spraying against real processes (accounts and the gateway behind one trusted proxy): one
/// password tried at many accounts from many addresses of one IPv6 /64 slows down for the whole /64,
/// while another network and the owner's own device are answered as usual.
@Suite struct PasswordSprayingTests {
    @Test func sprayingFromOneSlash64SlowsDownAndTheOwnersDeviceStillSignsIn() async throws {
        let stack = try await ProcessStack.startAccounts()
        // Only accounts runs: the gateway is ready to serve it long before /readyz would see every service.
        let (gateway, http) = try await stack.startGateway(
            environment: ["TRUSTED_PROXIES": "1", "RATE_LIMIT_PER_ADDRESS": "100000", "RATE_LIMIT_PER_ADDRESS_BURST": "100000"],
            readyPath: "/healthz")
        func logIn(_ identifier: String, _ password: String, from address: String, device: String? = nil) async throws -> HTTPTestClient.Reply {
            var json: [String: Any] = ["identifier": identifier, "password": password]
            if let device { json["deviceToken"] = device }
            return try await http.send("POST", "/v1/auth/login", json: json, headers: ["X-Forwarded-For": address])
        }
        let signedUp = try await http.send(
            "POST", "/v1/auth/signup",
            json: ["email": "owner@example.com", "username": "owner", "password": "correct horse battery", "displayName": "Owner"],
            headers: ["X-Forwarded-For": "198.51.100.1"])
        let device = try #require(try signedUp.json()["deviceToken"] as? String, "\(signedUp.text)")

        // One password, thirty accounts, each from another address of 2001:db8:99:1::/64.
        var statuses: [Int] = []
        for index in 0..<30 {
            let target = index == 0 ? "owner" : "someone\(index)"
            statuses.append(try await logIn(target, "Summer2026!", from: "2001:db8:99:1:\(index)::\(index + 7)").status)
        }
        #expect(statuses.prefix(20).allSatisfy { $0 == 401 }, "\(statuses)")
        #expect(statuses.contains(429), "past 20 failures the /64 waits: \(statuses)")
        let refused = try await logIn("someone99", "Summer2026!", from: "2001:db8:99:1:ffff::1")
        #expect(refused.status == 429 && refused.reason == "TOO_MANY_ATTEMPTS" && (Int(refused.header("Retry-After") ?? "") ?? 0) >= 1)

        // Another network is heard; the owner's phone in the sprayed /64 signs in.
        #expect(try await logIn("someone98", "Summer2026!", from: "2001:db8:99:2::1").status == 401)
        #expect(try await logIn("owner", "correct horse battery", from: "2001:db8:99:1::abc", device: device).status == 200)
        #expect(try await logIn("owner", "correct horse battery", from: "2001:db8:99:1::abc").status == 429, "without it, the owner waits too")

        for process in [gateway, stack.accounts] {
            #expect(await process.stopStatus() == "exited with status 0")
        }
    }
}
