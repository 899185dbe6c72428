import Foundation
import Metrics

/// The process's own figures, read from /proc when Prometheus scrapes (so always current, and nothing
/// runs between scrapes), under the names exporters use: `process_resident_memory_bytes`,
/// `process_cpu_seconds_total`, `process_open_fds` and `process_threads`.
enum ProcessMetrics {
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    static func record() {
        if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let resident = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        {
            Gauge(label: "process_resident_memory_bytes").record(resident * pageSize)
        }
        // utime and stime are fields 14 and 15, counted after the command name's closing parenthesis.
        if let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8), let end = stat.lastIndex(of: ")") {
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            if fields.count > 17, let user = Double(fields[11]), let system = Double(fields[12]), let threads = Int(fields[17]) {
                Gauge(label: "process_cpu_seconds_total").record((user + system) / ticksPerSecond)
                Gauge(label: "process_threads").record(threads)
            }
        }
        if let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            Gauge(label: "process_open_fds").record(descriptors.count)
        }
    }
}
