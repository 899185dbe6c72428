import Foundation
import GRPCCore
import Hummingbird
import Prometheus
import RoamRuntime

struct ReadinessJSON: Codable {
    var status: String
    var services: [String: PartStatus]
}
