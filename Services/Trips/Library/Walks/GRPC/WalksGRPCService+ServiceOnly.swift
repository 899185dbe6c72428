import GRPCCore
import RoamProto
import RoamRuntime

/// The calls only other services (and operators' tools) make, with the service credential.
extension WalksGRPCService: HasServiceOnlyMethods {
    public static var serviceOnlyMethods: Set<MethodDescriptor> {
        [
            Roam_Trips_V1_WalksService.Method.CheckWalk.descriptor
        ]
    }
}
