import GRPCCore
import RoamProto
import SwiftProtobuf

/// `grpc.reflection.v1alpha.ServerReflection`, the older name of the same protocol, which Python's
/// grpcio-reflection and some tools still ask for: its messages are v1's field for field, so each is
/// carried over through its bytes and answered by `ReflectionService`.
public struct ReflectionServiceV1Alpha: Grpc_Reflection_V1alpha_ServerReflection.SimpleServiceProtocol {
    private let reflection: ReflectionService

    public init(_ reflection: ReflectionService) {
        self.reflection = reflection
    }

    public func serverReflectionInfo(
        request: RPCAsyncSequence<Grpc_Reflection_V1alpha_ServerReflectionRequest, any Error>,
        response: RPCWriter<Grpc_Reflection_V1alpha_ServerReflectionResponse>,
        context: ServerContext
    ) async throws {
        for try await message in request {
            let asked = try Grpc_Reflection_V1_ServerReflectionRequest(serializedBytes: try message.serializedBytes() as [UInt8])
            let answer = reflection.answer(asked)
            try await response.write(try Grpc_Reflection_V1alpha_ServerReflectionResponse(serializedBytes: try answer.serializedBytes() as [UInt8]))
        }
    }
}
