import Foundation
import Logging
import Metrics
import RoamRuntime
import ServiceLifecycle

/// `roam_disk_free_bytes` and `roam_disk_size_bytes` of the file system media keeps blobs and its upload
/// spool on (`path`: "blobs" or "spool"), every minute: uploads fail once it is full.
public struct DiskSpaceGauge: Service {
    let folders: [(path: String, url: URL)]
    let logger: Logger

    public func run() async throws {
        await BackgroundLoop.every(.seconds(60), logger: logger, failure: "reading free disk space failed") { try record() }
    }

    func record() throws {
        for folder in folders {
            let attributes = try FileManager.default.attributesOfFileSystem(forPath: folder.url.path)
            let free = (attributes[.systemFreeSize] as? NSNumber)?.int64Value ?? 0
            let size = (attributes[.systemSize] as? NSNumber)?.int64Value ?? 0
            Gauge(label: "roam_disk_free_bytes", dimensions: [("path", folder.path)]).record(free)
            Gauge(label: "roam_disk_size_bytes", dimensions: [("path", folder.path)]).record(size)
        }
    }
}
