import GRPCCore
import RoamProto
import RoamRuntime

/// The calls only other services (and operators' tools) make, with the service credential.
extension EventsGRPCService: HasServiceOnlyMethods {
    public static var serviceOnlyMethods: Set<MethodDescriptor> {
        [
            Roam_Events_V1_EventsService.Method.WatchDepartures.descriptor,
            Roam_Events_V1_EventsService.Method.ListGroupWalkHosts.descriptor,
        ]
    }
}
