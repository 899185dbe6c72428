import GRPCCore
import RoamProto
import RoamRuntime

/// The calls only other services (and operators' tools) make, with the service credential.
extension ActivitiesGRPCService: HasServiceOnlyMethods {
    public static var serviceOnlyMethods: Set<MethodDescriptor> {
        [
            Roam_Bucketlists_V1_ActivitiesService.Method.CheckSubject.descriptor
        ]
    }
}
