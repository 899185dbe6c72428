import Foundation
import GRPCCore
import Hummingbird
import Prometheus
import RoamRuntime

/// The operator's `/readyz` (on the metrics port): ready or not, each part's status, and the release.
struct ReadinessJSON: Codable {
    var status: String
    var services: [String: PartStatus]
    var version = RoamVersion.current
}
