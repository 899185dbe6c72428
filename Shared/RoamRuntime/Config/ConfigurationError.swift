import Synchronization

public struct ConfigurationError: Error, CustomStringConvertible {
    public var variable: String
    public var problem: String

    public init(variable: String, problem: String) {
        self.variable = variable
        self.problem = problem
    }

    public var description: String { "configuration error in \(variable): \(problem)" }
}
