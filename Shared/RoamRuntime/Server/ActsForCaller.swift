import Foundation

/// A gRPC service whose calls act for the signed-in user who makes them.
public protocol ActsForCaller {}

extension ActsForCaller {
    /// The calling user's id, or UNAUTHENTICATED.
    public func caller() throws(RoamError) -> UUID { try CallContext.current.requireUser().id }
}
