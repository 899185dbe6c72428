import Foundation

/// The whole machine's busy CPU time from `/proc/stat` (every process: the services, PostgreSQL, the
/// benchmark's own clients and wrk), to tell what a call costs the machine, not only how long it takes.
enum MachineCPU {
    /// Busy time since boot: user, nice, system, irq, softirq and steal, in seconds.
    static func busySeconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
        else { return .nan }
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ticks.count >= 8 else { return .nan }
        // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
        let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]
        return busy / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Runs `work` and answers what it returned with the machine's busy seconds meanwhile.
    static func measuring<T>(_ work: () async throws -> T) async rethrows -> (T, busy: Double) {
        let before = busySeconds()
        let result = try await work()
        return (result, busySeconds() - before)
    }
}
