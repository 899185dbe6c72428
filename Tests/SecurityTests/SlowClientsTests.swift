import Foundation
import RoamTesting
import Testing

/// Slow and silent clients against real processes (accounts and the gateway with its default limits):
/// two thousand connections that send nothing, from twenty addresses, a hundred bodies trickled a byte
/// a second, and one address past its cap, while a signed-in client keeps asking for its account.
@Suite struct SlowClientsTests {
    @Test func thousandsOfSilentOrSlowConnectionsLeaveANormalClientAnswered() async throws {
        let stack = try await ProcessStack.startAccounts()
        let (gateway, http) = try await stack.startGateway(environment: [:], readyPath: "/healthz")
        let port = try #require(http.base.port)
        let (_, token) = try await http.signUp("steady")
        /// How long each of `count` calls a client makes takes, one after another.
        func timings(_ count: Int) async throws -> [Duration] {
            var taken: [Duration] = []
            for _ in 0..<count {
                let started = ContinuousClock.now
                let reply = try await http.send("GET", "/v1/me", token: token)
                taken.append(ContinuousClock.now - started)
                #expect(reply.status == 200, "\(reply.text)")
            }
            return taken
        }
        let before = try await timings(20)

        let started = ContinuousClock.now
        var silent: [RawConnection] = []
        for address in 1...20 { silent += try await RawConnection.open(100, port: port, from: "127.0.1.\(address)") }
        let hoarder = try await RawConnection.open(200, port: port, from: "127.0.2.1")
        let slow = try await RawConnection.open(100, port: port, from: "127.0.3.1")
        let trickle = Task {
            for connection in slow {
                connection.send("POST /v1/auth/signup HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 100000\n\n", lines: true)
            }
            while !Task.isCancelled {
                for connection in slow { connection.send("a") }
                try await Task.sleep(for: .seconds(1))
            }
        }
        defer { trickle.cancel() }
        let opened = ContinuousClock.now - started
        let during = try await timings(20)

        // One address holds 128 (the default cap): the rest of its 200 are closed at once.
        let refused = await RawConnection.closed(hoarder, within: .seconds(2))
        #expect(refused == 72, "\(refused) of 200 closed")
        // Bodies under 240 bytes a second are cut after the 5 s grace; silent connections at the 10 s header timeout.
        #expect(await RawConnection.closed(slow, within: .seconds(20)) == 100)
        let remaining = await RawConnection.closed(silent, within: .seconds(30))
        #expect(remaining == silent.count, "\(silent.count - remaining) silent connections still open")
        let after = try await timings(5)

        func summary(_ taken: [Duration]) -> String {
            let sorted = taken.sorted()
            return "median \(sorted[sorted.count / 2]), slowest \(sorted.last!)"
        }
        print("slow clients: \(silent.count + hoarder.count + slow.count) connections opened in \(opened)")
        print("slow clients: GET /v1/me before \(summary(before)); during \(summary(during)); after \(summary(after))")
        // Answered throughout, each within a second even on a loaded machine (a few milliseconds alone).
        #expect(during.allSatisfy { $0 < .seconds(1) }, "\(summary(during))")

        for process in [gateway, stack.accounts] {
            #expect(await process.stopStatus() == "exited with status 0")
        }
    }
}
