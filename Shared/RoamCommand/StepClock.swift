import Foundation

/// How long each step of a long command took, for its report (a restore's figures are the RTO).
struct StepClock {
    private(set) var steps: [BackupManifest.Step] = []
    private var last = ContinuousClock.now

    mutating func done(_ name: String) {
        let now = ContinuousClock.now
        let elapsed = now - last
        steps.append(BackupManifest.Step(name: name, seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
        last = now
    }
}
