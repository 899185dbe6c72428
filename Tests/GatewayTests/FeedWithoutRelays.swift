import GRPCCore
import RoamProto

@testable import Feed

/// Feed as it was before `RelayChat` and `OpenChatReader`: what a gateway meets during a rolling upgrade
/// that reaches it first.
struct FeedWithoutRelays: RegistrableRPCService {
    let feed: FeedGRPCService

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        feed.registerMethods(with: &router)
        router.removeHandler(forMethod: Roam_Feed_V1_FeedService.Method.RelayChat.descriptor)
        router.removeHandler(forMethod: Roam_Feed_V1_FeedService.Method.OpenChatReader.descriptor)
    }
}
