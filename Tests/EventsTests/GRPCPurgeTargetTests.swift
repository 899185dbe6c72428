import Foundation
import GRPCCore
import GRPCInProcessTransport
import RoamProto
import RoamRuntime
import RoamTesting
import Synchronization
import Testing

@testable import Events

/// A purge service that remembers who asked it to forget which event.
final class RecordingPurgeService: Roam_Purge_V1_PurgeService.SimpleServiceProtocol {
    private let calls = Mutex<[(eventID: String, caller: Caller?)]>([])

    func purgeEvent(request: Roam_Purge_V1_PurgeEventRequest, context: ServerContext) async throws -> Roam_Purge_V1_PurgeEventResponse {
        calls.withLock { $0.append((request.eventID, CallContext.current.caller)) }
        return .init()
    }

    /// Events never asks to forget a user: that is the accounts service's to ask.
    func purgeUser(request: Roam_Purge_V1_PurgeUserRequest, context: ServerContext) async throws -> Roam_Purge_V1_PurgeUserResponse {
        throw RPCError(code: .unimplemented, message: "not expected in this test")
    }

    /// Nor to forget a trip: that is the trips service's to ask.
    func purgeTrip(request: Roam_Purge_V1_PurgeTripRequest, context: ServerContext) async throws -> Roam_Purge_V1_PurgeTripResponse {
        throw RPCError(code: .unimplemented, message: "not expected in this test")
    }

    var received: [(eventID: String, caller: Caller?)] { calls.withLock { $0 } }
}

@Suite struct GRPCPurgeTargetTests {
    @Test func purgesAreCalledWithAServiceCredential() async throws {
        let tokens = await TestTokens()
        let service = RecordingPurgeService()
        try await InProcessService.run(
            [service], verifier: try await tokens.verifier(), anonymousMethods: [],
            clientInterceptors: [OutboundContextInterceptor()]
        ) { client, _ in
            let credential = await ServiceCredential(serviceName: "events", secret: TestTokens.serviceSecret)
            // Generous: the whole suite shares two cores with stacks of real processes.
            let target = GRPCPurgeTarget(upstream: Upstream(name: "feed", replicas: [client], timeout: .seconds(60)), credential: credential)
            let eventID = UUID()
            try await target.purgeEvent(eventID)
            #expect(target.name == "feed")
            #expect(service.received.map(\.eventID) == [eventID.lowercasedString])
            guard case .service(let name)? = service.received.first?.caller else {
                Issue.record("the purge was not made with a service credential"); return
            }
            #expect(name == "events")
        }
    }
}
