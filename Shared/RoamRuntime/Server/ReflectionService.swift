import Foundation
import GRPCCore
import RoamProto
import SwiftProtobuf

/// `grpc.reflection.v1.ServerReflection`: tells grpcurl, Postman or Evans which services this server
/// exposes and hands them the descriptors of their files (each with the files it imports), so they can
/// list, describe and call every method without the .proto files. The descriptors are protoc's, made by
/// `scripts/generate-proto.sh` (`RoamProtoDescriptors`). Like health, it answers without a token: what it
/// tells is in the repository anyway, and a service is reached only from inside the deployment.
public struct ReflectionService: Grpc_Reflection_V1_ServerReflection.SimpleServiceProtocol {
    typealias Request = Grpc_Reflection_V1_ServerReflectionRequest
    typealias Response = Grpc_Reflection_V1_ServerReflectionResponse

    /// Every file in proto/, by name, with the fully qualified symbols each declares.
    struct Catalog: Sendable {
        var files: [String: Google_Protobuf_FileDescriptorProto] = [:]
        var fileDeclaring: [String: String] = [:]

        init(descriptorSet: String) {
            let bytes = Data(base64Encoded: descriptorSet, options: .ignoreUnknownCharacters) ?? Data()
            guard let set = try? Google_Protobuf_FileDescriptorSet(serializedBytes: bytes) else { return }
            for file in set.file {
                files[file.name] = file
                let prefix = file.package.isEmpty ? "" : file.package + "."
                for service in file.service {
                    fileDeclaring[prefix + service.name] = file.name
                    for method in service.method { fileDeclaring["\(prefix)\(service.name).\(method.name)"] = file.name }
                }
                for message in file.messageType { declare(message, prefix: prefix, file: file.name) }
                for type in file.enumType { fileDeclaring[prefix + type.name] = file.name }
            }
        }

        private mutating func declare(_ message: Google_Protobuf_DescriptorProto, prefix: String, file: String) {
            let name = prefix + message.name
            fileDeclaring[name] = file
            for nested in message.nestedType { declare(nested, prefix: name + ".", file: file) }
            for type in message.enumType { fileDeclaring["\(name).\(type.name)"] = file }
        }

        /// The file and every file it imports, directly or not, each once, the file first.
        func withImports(_ name: String) -> [Google_Protobuf_FileDescriptorProto] {
            var found: [Google_Protobuf_FileDescriptorProto] = [], seen: Set<String> = [], queue = [name]
            while !queue.isEmpty {
                let next = queue.removeFirst()
                guard seen.insert(next).inserted, let file = files[next] else { continue }
                found.append(file)
                queue += file.dependency
            }
            return found
        }
    }

    static let catalog = Catalog(descriptorSet: RoamProtoDescriptors.fileDescriptorSet)

    private let serviceNames: [String]

    /// `serviceNames`: what this server exposes, fully qualified (reflection itself included by the caller).
    public init(serviceNames: [String]) {
        self.serviceNames = serviceNames.filter { !$0.isEmpty }.sorted()
    }

    public func serverReflectionInfo(
        request: RPCAsyncSequence<Grpc_Reflection_V1_ServerReflectionRequest, any Error>,
        response: RPCWriter<Grpc_Reflection_V1_ServerReflectionResponse>,
        context: ServerContext
    ) async throws {
        for try await message in request {
            try await response.write(answer(message))
        }
    }

    /// The answer to one request on the stream (also `ReflectionServiceV1Alpha`'s).
    func answer(_ request: Grpc_Reflection_V1_ServerReflectionRequest) -> Grpc_Reflection_V1_ServerReflectionResponse {
        var response = Response()
        response.validHost = request.host
        response.originalRequest = request
        switch request.messageRequest {
        case .listServices?:
            response.listServicesResponse = .with { $0.service = serviceNames.map { name in .with { $0.name = name } } }
        case .fileByFilename(let name)?:
            response.messageResponse = files(Self.catalog.files[name] == nil ? nil : name, missing: "no file \(name)")
        case .fileContainingSymbol(let symbol)?:
            response.messageResponse = files(Self.catalog.fileDeclaring[symbol], missing: "no symbol \(symbol)")
        case .fileContainingExtension(let extensionRequest)?:
            response.messageResponse = .errorResponse(
                .with {
                    $0.errorCode = Int32(RPCError.Code.notFound.rawValue)
                    $0.errorMessage =
                        "no extension \(extensionRequest.extensionNumber) of \(extensionRequest.containingType): Roam's messages declare none"
                })
        case .allExtensionNumbersOfType(let type)?:
            // No message declares extensions: the answer for a known type is an empty list.
            if Self.catalog.fileDeclaring[type] == nil {
                response.messageResponse = .errorResponse(
                    .with {
                        $0.errorCode = Int32(RPCError.Code.notFound.rawValue); $0.errorMessage = "no type \(type)"
                    })
            } else {
                response.allExtensionNumbersResponse = .with { $0.baseTypeName = type }
            }
        case nil:
            response.messageResponse = .errorResponse(
                .with {
                    $0.errorCode = Int32(RPCError.Code.invalidArgument.rawValue); $0.errorMessage = "the request asks nothing"
                })
        }
        return response
    }

    private func files(_ name: String?, missing: String) -> Response.OneOf_MessageResponse {
        guard let name else {
            return .errorResponse(
                .with {
                    $0.errorCode = Int32(RPCError.Code.notFound.rawValue); $0.errorMessage = missing
                })
        }
        let serialized = Self.catalog.withImports(name).compactMap { try? Data($0.serializedBytes() as [UInt8]) }
        return .fileDescriptorResponse(.with { $0.fileDescriptorProto = serialized })
    }
}
