/// What clients saw through one fault: answers refused with a reason (503/504, or no answer while the
/// gateway itself was down), anything else that was not a success, and how long after the fault
/// ended every affected kind of request succeeded again.
struct FaultOutcome: CustomStringConvertible {
    let fault: String
    let requests: Int
    let refused: Int
    /// Answers that are neither a success nor a refusal with a reason (a 503 or 504 whose problem names
    /// one): 500s above all.
    let unexpected: [SteadyLoad.Answer]
    /// From the fault's end to the first success of the last affected kind to recover.
    let recovery: Duration?

    init(fault: String, answers: [SteadyLoad.Answer], affected: Set<SteadyLoad.Kind>, faultEnded: ContinuousClock.Instant) {
        self.fault = fault
        requests = answers.count
        refused = answers.filter { $0.status == nil || $0.status == 503 || $0.status == 504 }.count
        unexpected = answers.filter { answer in
            guard let status = answer.status, !(200..<300).contains(status) else { return false }
            return (try? /50[34] [A-Z_]+/.wholeMatch(in: answer.detail)) == nil
        }
        var slowest: Duration? = .zero
        for kind in affected {
            let first = answers.first { $0.kind == kind && $0.at >= faultEnded && ($0.status.map { (200..<300).contains($0) } ?? false) }
            guard let first, let sofar = slowest else {
                slowest = nil
                break
            }
            slowest = max(sofar, first.at - faultEnded)
        }
        recovery = slowest
    }

    /// Whether every affected kind of request has succeeded since the fault ended.
    static func recovered(_ answers: [SteadyLoad.Answer], affected: Set<SteadyLoad.Kind>, since faultEnded: ContinuousClock.Instant) -> Bool {
        affected.allSatisfy { kind in
            answers.contains { $0.kind == kind && $0.at >= faultEnded && ($0.status.map { (200..<300).contains($0) } ?? false) }
        }
    }

    var description: String {
        let seconds = recovery.map { String(format: "%.2f s", Double($0.components.attoseconds) / 1e18 + Double($0.components.seconds)) } ?? "never"
        return "\(fault.padding(toLength: 40, withPad: " ", startingAt: 0)) requests \(requests), refused (503/504/no answer) \(refused), "
            + "other failures \(unexpected.count), back after \(seconds)"
    }
}
