import OpenAPIRuntime

extension Error {
    /// Whether the call failed before any answer came: the gateway unreachable, the connection lost, no
    /// network. The request may or may not have reached the gateway.
    var isNetworkFailure: Bool {
        guard let error = self as? ClientError, error.response == nil else { return false }
        switch error.underlyingError {
        case is CancellationError, is RoamClientError, is RoamProblem: return false
        default: return !Task.isCancelled
        }
    }
}
