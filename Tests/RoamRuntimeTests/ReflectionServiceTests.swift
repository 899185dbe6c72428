import Foundation
import GRPCCore
import RoamProto
import RoamTesting
import SwiftProtobuf
import Testing

@testable import RoamRuntime

/// Server reflection as grpcurl uses it, through the generated clients behind the real interceptors:
/// without a token and before the process is ready, under both names of the protocol.
@Suite struct ReflectionServiceTests {
    static let names = ["roam.budget.v1.BudgetService", "grpc.health.v1.Health", "grpc.reflection.v1.ServerReflection"]

    static func ask(
        _ client: GRPCClient<some ClientTransport>, _ requests: [Grpc_Reflection_V1_ServerReflectionRequest]
    ) async throws -> [Grpc_Reflection_V1_ServerReflectionResponse] {
        try await Grpc_Reflection_V1_ServerReflection.Client(wrapping: client).serverReflectionInfo(
            requestProducer: { writer in try await writer.write(contentsOf: requests) }
        ) { response in
            try await response.messages.reduce(into: []) { $0.append($1) }
        }
    }

    static func files(_ response: Grpc_Reflection_V1_ServerReflectionResponse) throws -> [Google_Protobuf_FileDescriptorProto] {
        try response.fileDescriptorResponse.fileDescriptorProto.map { try Google_Protobuf_FileDescriptorProto(serializedBytes: $0) }
    }

    @Test func aToolListsTheServicesAndGetsEachOnesFilesWithTheirImports() async throws {
        let reflection = ReflectionService(serviceNames: Self.names)
        try await InProcessService.run(
            [reflection, ReflectionServiceV1Alpha(reflection)], verifier: try await TestTokens().verifier(), anonymousMethods: [], ready: false
        ) { client, _ in
            let answers = try await Self.ask(
                client,
                [
                    .with { $0.listServices = "*" },
                    .with { $0.fileContainingSymbol = "roam.budget.v1.BudgetService" },
                    .with { $0.fileContainingSymbol = "roam.budget.v1.BudgetService.CreateExpense" },
                    .with { $0.fileByFilename = "roam/common/v1/money.proto" },
                    .with { $0.fileContainingSymbol = "roam.budget.v1.NoSuchThing" },
                    .with { $0.allExtensionNumbersOfType = "roam.budget.v1.Expense" },
                ])
            #expect(answers.count == 6)
            #expect(answers[0].listServicesResponse.service.map(\.name) == Self.names.sorted())
            let budget = try Self.files(answers[1])
            #expect(budget.first?.name == "roam/budget/v1/budget.proto")
            #expect(
                budget.first?.service.first?.method.contains { $0.name == "CreateExpense" && $0.inputType == ".roam.budget.v1.CreateExpenseRequest" }
                    == true)
            // Every import comes along, so a tool can build every message from this one answer.
            let names = Set(budget.map(\.name))
            #expect(budget.allSatisfy { $0.dependency.allSatisfy(names.contains) })
            #expect(names.isSuperset(of: ["roam/common/v1/money.proto", "google/protobuf/timestamp.proto"]))
            #expect(try Self.files(answers[2]).first?.name == "roam/budget/v1/budget.proto", "a method's symbol names its service's file")
            #expect(try Self.files(answers[3]).map(\.name) == ["roam/common/v1/money.proto"])
            #expect(answers[4].errorResponse.errorCode == Int32(RPCError.Code.notFound.rawValue))
            #expect(answers[4].originalRequest.fileContainingSymbol == "roam.budget.v1.NoSuchThing")
            #expect(answers[5].allExtensionNumbersResponse.baseTypeName == "roam.budget.v1.Expense")

            // The older name answers the same, message for message.
            let legacy = try await Grpc_Reflection_V1alpha_ServerReflection.Client(wrapping: client).serverReflectionInfo(
                requestProducer: { writer in try await writer.write(.with { $0.listServices = "" }) }
            ) { response in try await response.messages.reduce(into: []) { $0.append($1) } }
            #expect(legacy.first?.listServicesResponse.service.map(\.name) == Self.names.sorted())
        }
    }

    @Test func everyServiceInProtoIsDescribed() {
        let catalog = ReflectionService.catalog
        for name in ["roam.accounts.v1.AccountsService", "roam.trips.v1.TripsService", "roam.trips.v1.WalksService", "grpc.health.v1.Health"] {
            #expect(catalog.fileDeclaring[name] != nil, "\(name) is not in the descriptors")
        }
        #expect(catalog.fileDeclaring["roam.budget.v1.Expense"] == "roam/budget/v1/budget.proto")
    }
}
