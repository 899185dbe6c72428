import RoamRuntime
import Testing

@testable import Gateway

@Suite struct FanOutTests {
    @Test func answersWithThePartsItHasWhenOneIsSlowAndOneFails() async throws {
        let started = ContinuousClock.now
        let results = await FanOut.gather(
            within: .milliseconds(300),
            [
                FanOut.Part("fast") { 1 },
                FanOut.Part("slow") {
                    try await Task.sleep(for: .seconds(600)); return 2
                },
                FanOut.Part("broken") { throw RoamError.unavailable },
            ])
        // It does not wait for the slow part's ten minutes (a loaded machine may take many seconds to answer).
        #expect(ContinuousClock.now - started < .seconds(120))
        #expect(try results["fast"]?.get() == 1)
        #expect(PartStatus(results["slow"]!) == PartStatus(status: "timeout", reason: "DEADLINE_EXCEEDED"))
        #expect(PartStatus(results["broken"]!) == PartStatus(status: "unavailable", reason: "UNAVAILABLE"))
    }

    @Test func partsRunConcurrentlyUnderTheSameDeadline() async {
        // A deadline no loaded machine misses for four 200 ms parts; what matters is that each part has it.
        let results = await FanOut.gather(
            within: .seconds(30),
            (0..<4).map { index in
                FanOut.Part("part\(index)") { () async throws -> Bool in
                    try await Task.sleep(for: .milliseconds(200))
                    return CallContext.current.deadline != nil
                }
            })
        #expect(results.count == 4)
        #expect(results.values.allSatisfy { (try? $0.get()) == true })
    }
}
