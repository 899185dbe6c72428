import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

@testable import RoamClient

/// Which calls a session sends again, after what, and with which idempotency key, against a scripted
/// transport.
struct RetryMiddlewareTests {
    /// Answers each try with the next outcome in its script, and keeps the requests it was sent.
    final class Script: Sendable {
        enum Outcome: Sendable {
            case networkFailure
            case answer(Int, headers: HTTPFields = [:], body: String = "")
        }

        private let state: Mutex<(outcomes: [Outcome], requests: [HTTPRequest])>

        init(_ outcomes: [Outcome]) {
            state = Mutex((outcomes, []))
        }

        var requests: [HTTPRequest] { state.withLock { $0.requests } }

        func next(_ request: HTTPRequest, _ body: HTTPBody?, _ url: URL) async throws -> (HTTPResponse, HTTPBody?) {
            let outcome = state.withLock { state in
                state.requests.append(request)
                return state.outcomes.removeFirst()
            }
            switch outcome {
            case .networkFailure:
                // What the generated client hands a middleware when its transport fails: no response.
                throw ClientError(
                    operationID: "test", operationInput: (), request: request, requestBody: body, baseURL: url, response: nil,
                    responseBody: nil, causeDescription: "Transport threw an error.", underlyingError: URLError(.networkConnectionLost))
            case .answer(let status, let headers, let body):
                return (HTTPResponse(status: .init(code: status), headerFields: headers), HTTPBody(body))
            }
        }
    }

    static let fast = RetryPolicy(attempts: 4, firstDelay: .milliseconds(1), longestDelay: .milliseconds(5))
    static let url = URL(string: "http://gateway")!

    static func send(
        _ method: HTTPRequest.Method, key: String? = nil, through script: Script, policy: RetryPolicy = fast
    ) async throws -> (HTTPResponse, String) {
        var request = HTTPRequest(method: method, scheme: nil, authority: nil, path: "/v1/trips")
        if let key { request.headerFields[.idempotencyKey] = key }
        let (response, body) = try await RetryMiddleware(policy: policy).intercept(
            request, body: HTTPBody("{}"), baseURL: url, operationID: "createTrip", next: script.next)
        return (response, try await String(collecting: body ?? HTTPBody(), upTo: 1 << 16))
    }

    @Test func aKeyedCreateIsSentAgainWithItsKeyAfterNetworkFailures() async throws {
        let script = Script([.networkFailure, .networkFailure, .answer(201)])
        let (response, _) = try await Self.send(.post, key: "k1", through: script)
        #expect(response.status == .created)
        #expect(script.requests.map { $0.headerFields[.idempotencyKey] } == ["k1", "k1", "k1"])
    }

    @Test func aCreateWithoutAKeyIsTriedOnce() async throws {
        let script = Script([.networkFailure, .answer(201)])
        await #expect { try await Self.send(.post, through: script) } throws: { $0.isNetworkFailure }
        #expect(script.requests.count == 1)
    }

    @Test func theTriesStopAtThePolicysCount() async throws {
        let script = Script([.networkFailure, .networkFailure, .networkFailure, .networkFailure, .answer(200)])
        await #expect { try await Self.send(.get, through: script) } throws: { $0.isNetworkFailure }
        #expect(script.requests.count == 4)
    }

    @Test func aKeyStillInUseIsWaitedForAndAnotherConflictIsReturnedWhole() async throws {
        let inUse = #"{"status":409,"reason":"IDEMPOTENCY_KEY_IN_USE","detail":"wait"}"#
        let tooClose = #"{"status":409,"reason":"PIN_TOO_CLOSE","detail":"near","conflictingId":"p1"}"#
        let script = Script([.answer(409, body: inUse), .answer(201)])
        #expect(try await Self.send(.post, key: "k2", through: script).0.status == .created)

        let conflict = Script([.answer(409, body: tooClose), .answer(201)])
        let (response, body) = try await Self.send(.post, key: "k3", through: conflict)
        #expect(response.status == .conflict && body == tooClose && conflict.requests.count == 1)
    }

    @Test func aRetryAfterIsWaitedOutOnlyWhenThePolicyAffordsIt() async throws {
        let wait: HTTPFields = [.retryAfter: "1"]
        let script = Script([.answer(429, headers: wait), .answer(200)])
        let clock = ContinuousClock()
        let started = clock.now
        #expect(try await Self.send(.get, through: script).0.status == .ok)
        #expect(clock.now - started >= .seconds(1))

        let tooLong = Script([.answer(503, headers: [.retryAfter: "120"]), .answer(200)])
        #expect(try await Self.send(.get, through: tooLong).0.status == .serviceUnavailable)
        #expect(tooLong.requests.count == 1)
    }

    @Test func everyCreateThatTakesAKeyGetsOneAndTheAppsOwnIsKept() async throws {
        let seen = Mutex<[String?]>([])
        let next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) = { request, _, _ in
            seen.withLock { $0.append(request.headerFields[.idempotencyKey]) }
            return (HTTPResponse(status: .ok), nil)
        }
        let post = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/trips")
        var chosen = post
        chosen.headerFields[.idempotencyKey] = "mine"
        let middleware = IdempotencyKeyMiddleware()
        _ = try await middleware.intercept(post, body: nil, baseURL: Self.url, operationID: "createTrip", next: next)
        _ = try await middleware.intercept(chosen, body: nil, baseURL: Self.url, operationID: "createPin", next: next)
        _ = try await middleware.intercept(post, body: nil, baseURL: Self.url, operationID: "logIn", next: next)
        let keys = seen.withLock { $0 }
        #expect(keys[0].map { UUID(uuidString: $0) != nil } == true)
        #expect(keys[1] == "mine" && keys[2] == nil)
    }

    @Test func aProblemIsTransientOnlyWhenTryingLaterMayChangeIt() {
        func problem(_ status: Int, _ reason: String = "X") -> RoamProblem {
            RoamProblem(operationID: "createPin", status: status, reason: reason, detail: "")
        }
        #expect([500, 502, 503, 504, 408, 425, 429].allSatisfy { problem($0).isTransient })
        #expect(problem(409, "IDEMPOTENCY_KEY_IN_USE").isTransient)
        #expect(![400, 401, 403, 404, 422].contains { problem($0).isTransient })
        #expect(!problem(409, "PIN_TOO_CLOSE").isTransient)
    }
}
