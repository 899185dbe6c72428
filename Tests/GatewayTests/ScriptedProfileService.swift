import GRPCCore
import GRPCProtobuf
import RoamProto

/// A stand-in for accounts that serves only `GetProfile`, answering after `delay` with `error` or a
/// fixed profile: enough to see how the gateway treats a slow or failing service.
struct ScriptedProfileService: RegistrableRPCService {
    var delay: Duration = .zero
    var error: RPCError?

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        let delay = delay
        let error = error
        router.registerHandler(
            forMethod: Roam_Accounts_V1_AccountsService.Method.GetProfile.descriptor,
            deserializer: ProtobufDeserializer<Roam_Accounts_V1_GetProfileRequest>(),
            serializer: ProtobufSerializer<Roam_Accounts_V1_GetProfileResponse>()
        ) { request, _ in
            let message = try await request.messages.first { _ in true }
            try await Task.sleep(for: delay)
            if let error { throw error }
            return StreamingServerResponse(
                single: ServerResponse(
                    message: .with {
                        $0.profile = .with {
                            $0.userID = "01a20026-fdf2-7d4b-bfd4-c1b88489a2f6"
                            $0.username = message?.username ?? ""
                            $0.displayName = "Scripted"
                            $0.followerCount = 7
                        }
                    }))
        }
    }
}
