import Foundation
import RoamTesting
import Testing

@testable import Gateway

/// Slow and silent clients: a connection that sends nothing, trickles its head, waits too long between
/// requests or trickles a body is closed at its limit; one address holds only so many connections; a
/// stream the gateway is writing is not cut, nor an upload at a mobile network's pace.
@Suite struct GatewaySlowClientTests {
    static func settings(_ values: [String: String]) throws -> GatewaySettings {
        try GatewayHarness.settings(values)
    }

    @Test func aSilentConnectionOrATrickledHeadIsClosedAtTheHeaderTimeout() async throws {
        try await GatewayHarness.withAccounts(settings: try Self.settings(["HTTP_HEADER_TIMEOUT": "1s"])) { http in
            let port = try #require(http.base.port)
            let silent = try await RawConnection.open(port: port)[0]
            let trickling = try await RawConnection.open(port: port)[0]
            // Bytes keep coming for 9 s, but never a whole head.
            let trickle = Task {
                trickling.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
                for index in 0..<30 {
                    guard trickling.send("X-Header-\(index): a\r\n") else { return }
                    try await Task.sleep(for: .milliseconds(300))
                }
            }
            defer { trickle.cancel() }
            #expect(await silent.isClosed(within: .seconds(15)))
            #expect(await trickling.isClosed(within: .seconds(15)))
            // A client that sends its request is answered.
            #expect(try await http.send("GET", "/healthz").status == 200)
        }
    }

    @Test func aConnectionIdleAfterItsAnswerIsClosedAtTheIdleTimeout() async throws {
        try await GatewayHarness.withAccounts(settings: try Self.settings(["HTTP_IDLE_TIMEOUT": "1s"])) { http in
            let connection = try await RawConnection.open(port: try #require(http.base.port))[0]
            connection.send("GET /healthz HTTP/1.1\nHost: x\n\n", lines: true)
            #expect(try await connection.reply().status == 200)
            #expect(await connection.isClosed(within: .seconds(15)))
        }
    }

    @Test func aBodyTrickledBelowTheMinimumRateIsClosedAndAnUploadAtPaceIsAnswered() async throws {
        let settings = try Self.settings(["HTTP_BODY_GRACE": "1s", "HTTP_BODY_MIN_RATE": "200"])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            let port = try #require(http.base.port)
            let slow = try await RawConnection.open(port: port)[0]
            // 5 bytes a second of a 100 kB body, for 12 s unless it is closed first.
            let trickle = Task {
                slow.send("POST /v1/auth/signup HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 100000\n\n", lines: true)
                for _ in 0..<60 {
                    guard slow.send("a") else { return }
                    try await Task.sleep(for: .milliseconds(200))
                }
            }
            defer { trickle.cancel() }
            #expect(await slow.isClosed(within: .seconds(15)))

            // 3,000 bytes in three parts half a second apart: 2,000 bytes a second, well above the floor.
            let paced = try await RawConnection.open(port: port)[0]
            let body = "{\"email\":\"paced@example.com\",\"username\":\"paced\",\"displayName\":\"\(String(repeating: "P", count: 2900))\"}"
            paced.send("POST /v1/auth/signup HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: \(body.utf8.count)\n\n", lines: true)
            let bytes = Array(body.utf8)
            for start in stride(from: 0, to: bytes.count, by: 1000) {
                try await Task.sleep(for: .milliseconds(500))
                paced.send(String(decoding: bytes[start..<min(start + 1000, bytes.count)], as: UTF8.self))
            }
            let reply = try await paced.reply()
            #expect(reply.status == 400 && reply.header("Content-Type") == "application/problem+json", "\(reply.text)")
        }
    }

    @Test func oneAddressHoldsOnlyItsShareOfConnections() async throws {
        let settings = try Self.settings(["MAX_CONNECTIONS_PER_ADDRESS": "5", "HTTP_HEADER_TIMEOUT": "60s"])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            let port = try #require(http.base.port)
            // Accepted on two event loops, the six may start in any order: one of them, whichever came
            // last, is closed at once.
            let six = try await RawConnection.open(6, port: port, from: "127.0.0.9")
            #expect(await RawConnection.closed(six, within: .seconds(5)) == 1)
            var held: [RawConnection] = []
            for connection in six where await !connection.isClosed(within: .milliseconds(200)) { held.append(connection) }
            #expect(held.count == 5)
            // Another address is served meanwhile.
            #expect(try await http.send("GET", "/healthz").status == 200)
            // A connection let go makes room for the next.
            held.removeLast().hangUp()
            try await Task.sleep(for: .milliseconds(500))
            let next = try await RawConnection.open(port: port, from: "127.0.0.9")[0]
            #expect(await next.isClosed(within: .seconds(1)) == false)
        }
    }

    @Test func connectionsThroughATrustedProxyAreNotCapped() async throws {
        let settings = try Self.settings(["MAX_CONNECTIONS_PER_ADDRESS": "2", "HTTP_HEADER_TIMEOUT": "60s", "TRUSTED_PROXIES": "127.0.0.9"])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            let port = try #require(http.base.port)
            let proxied = try await RawConnection.open(5, port: port, from: "127.0.0.9")
            #expect(await RawConnection.closed(proxied, within: .seconds(1)) == 0)
            let direct = try await RawConnection.open(3, port: port, from: "127.0.0.10")
            #expect(await RawConnection.closed(direct, within: .seconds(10)) == 1)
        }
    }

    @Test func aStreamBeingWrittenOutlivesTheIdleTimeout() async throws {
        let settings = try Self.settings(["HTTP_IDLE_TIMEOUT": "1s", "STREAM_HEARTBEAT": "1s"])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            let (_, _, lines, curl) = try await GatewayNotificationStreamTests.openStream(http)
            defer { curl.terminate() }
            #expect(await lines.waitFor { $0 == "event: connected" })
            #expect(await lines.waitUntil { $0.filter { $0 == ": keep-alive" }.count >= 4 }, "\(lines.all)")
        }
    }
}
