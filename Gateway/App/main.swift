import Foundation
import Gateway
import RoamRuntime

// roam-gateway: the public JSON API in front of every Roam service. Configuration: see README.md.
do {
    try TaskExecutorChoice(environment: .process).install(for: "roam-gateway")
    try await GatewayApp.run(environment: .process)
} catch let error as ConfigurationError {
    print("roam-gateway: \(error)")
    exit(2)
}
