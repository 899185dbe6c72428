import GRPCCore
import RoamProto
import RoamRuntime

/// The calls only other services make, with the service credential.
extension NotificationsGRPCService: HasServiceOnlyMethods {
    public static var serviceOnlyMethods: Set<MethodDescriptor> {
        [Roam_Notifications_V1_NotificationsService.Method.Publish.descriptor]
    }
}
