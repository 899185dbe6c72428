/// Whether a process runs for development (`ROAM_ENVIRONMENT=development`, which `roam up` and the test
/// harness set) or for real (unset, or `production`). Only development may run on built-in or published
/// secrets, so a deployment that forgets one stops at start-up instead of running on a value anyone can read.
public enum DeploymentKind: String, Sendable {
    case development
    case production

    public static let variable = "ROAM_ENVIRONMENT"

    public init(environment: Environment) throws(ConfigurationError) {
        let raw = environment.string(Self.variable, default: Self.production.rawValue)
        guard let kind = DeploymentKind(rawValue: raw.lowercased()) else {
            throw ConfigurationError(variable: Self.variable, problem: "expected development or production, got \"\(raw)\"")
        }
        self = kind
    }
}
