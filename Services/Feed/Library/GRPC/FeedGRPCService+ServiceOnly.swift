import GRPCCore
import RoamProto
import RoamRuntime

/// The calls only other services (and operators' tools) make, with the service credential.
extension FeedGRPCService: HasServiceOnlyMethods {
    public static var serviceOnlyMethods: Set<MethodDescriptor> {
        [
            Roam_Feed_V1_FeedService.Method.ListModerationReports.descriptor,
            Roam_Feed_V1_FeedService.Method.RelayChat.descriptor,
            Roam_Feed_V1_FeedService.Method.CheckChatReaders.descriptor,
        ]
    }
}
