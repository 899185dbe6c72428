import RoamRuntime
import Testing

@testable import Gateway

@Suite struct ProblemTests {
    @Test func throttlingCarriesRetryAfterInWholeSeconds() {
        let problem = Problem(RoamError(.resourceExhausted(retryAfter: .milliseconds(1500)), reason: "TOO_MANY_ATTEMPTS", message: "slow down"))
        #expect(problem.status == 429)
        #expect(problem.retryAfter == 2)
        let response = problem.response(requestID: "r1")
        #expect(response.headers[.retryAfter] == "2")
        #expect(response.headers[.contentType] == "application/problem+json")
    }

    @Test func aRefusalBecauseOfAFieldIs422AndOtherwise409() {
        let withField = RoamError(
            .failedPrecondition, reason: "EMAIL_NOT_VERIFIED", message: "verify first",
            violations: [.init(field: "email", description: "not verified")])
        #expect(Problem(withField).status == 422)
        #expect(Problem(RoamError(.failedPrecondition, reason: "ALREADY_VERIFIED", message: "done")).status == 409)
    }

    @Test func serviceFieldNamesBecomeLowerCamelCase() {
        let error = RoamError(
            .invalidArgument, reason: "INVALID_FIELD", message: "display_name: too long",
            violations: [
                .init(field: "display_name", description: "too long"),
                .init(field: "position.accuracy_meters", description: "too big"),
            ])
        let renamed = error.withJSONFieldNames()
        #expect(renamed.violations.map(\.field) == ["displayName", "position.accuracyMeters"])
        #expect(renamed.message == "displayName: too long")
    }

    @Test func pagesAndIdempotencyKeysAreNamedAsTheClientSendsThem() {
        let error = RoamError(
            .invalidArgument, reason: "INVALID_FIELD", message: "page.page_token: is not a token this listing returned",
            violations: [
                .init(field: "page.page_token", description: "unknown"), .init(field: "page.page_size", description: "too big"),
                .init(field: "idempotency_key", description: "too long"),
            ])
        let renamed = error.withJSONFieldNames()
        #expect(renamed.violations.map(\.field) == ["pageToken", "pageSize", "Idempotency-Key"])
        #expect(renamed.message == "pageToken: is not a token this listing returned")
    }
}
