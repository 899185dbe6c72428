import OpenAPIRuntime

extension Error {
    /// The problem the gateway answered with, when that is what this error is (the generated client
    /// wraps what its middlewares throw in a `ClientError`).
    public var roamProblem: RoamProblem? {
        (self as? RoamProblem) ?? ((self as? ClientError)?.underlyingError as? RoamProblem)
    }

    /// What the client itself reported (signed out, a write kept for later), when that is what this error is.
    public var roamClientError: RoamClientError? {
        (self as? RoamClientError) ?? ((self as? ClientError)?.underlyingError as? RoamClientError)
    }
}
