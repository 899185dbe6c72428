import GRPCCore
import RoamRuntime

/// The `RoamError` a gRPC call in `body` failed with, as the gateway reads it; nil when it succeeded or
/// failed some other way, so a test can say `#expect(await rpcFailure { … }?.reason == "NOT_FOUND")`.
public func rpcFailure(_ body: () async throws -> Void) async -> RoamError? {
    do {
        try await body()
        return nil
    } catch let error as RPCError {
        return RoamError(error)
    } catch {
        return nil
    }
}
