/// An RPC service only other services (and operators' tools, with the service credential) may call:
/// purges, purge reports. `AuthInterceptor` refuses every one of its methods to a user.
public protocol ForServicesOnly {}
