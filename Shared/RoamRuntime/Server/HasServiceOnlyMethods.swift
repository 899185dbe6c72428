import GRPCCore

/// An RPC service with some methods only other services may call (`CheckWalk`, `WatchDepartures`, …):
/// declared here once, and refused to a user by `AuthInterceptor` before the handler runs.
public protocol HasServiceOnlyMethods {
    static var serviceOnlyMethods: Set<MethodDescriptor> { get }
}
