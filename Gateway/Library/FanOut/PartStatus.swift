import GRPCCore
import RoamRuntime

/// How one part of a composite view went, as clients see it.
public struct PartStatus: Codable, Sendable, Equatable {
    public var status: String
    public var reason: String?

    public init(status: String, reason: String?) {
        self.status = status
        self.reason = reason
    }

    public init<Value>(_ result: Result<Value, RoamError>) {
        switch result {
        case .success: status = "ok"; reason = nil
        case .failure(let error):
            if case .deadlineExceeded = error.kind { status = "timeout" } else { status = "unavailable" }
            reason = error.reason
        }
    }
}
