import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import PostgresNIO
import RoamProto
import RoamTesting
import Synchronization
import Testing

/// SIGTERM while clients keep writing: every sign-up the service answered OK is in the database.
@Suite(.serialized) struct GracefulShutdownTests {
    @Test func sigtermUnderLoadLosesNoAcceptedWrite() async throws {
        let stack = try await ProcessStack.startAccounts()
        let record = LoadRecord()
        let transport = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: stack.accountsPort), transportSecurity: .plaintext)
        try await withGRPCClient(transport: transport) { client in
            let accounts = Roam_Accounts_V1_AccountsService.Client(wrapping: client)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        for index in 0..<10_000 {
                            let username = "w\(worker)_\(index)"
                            do {
                                _ = try await accounts.signUp(
                                    .with {
                                        $0.email = "\(username)@example.com"
                                        $0.username = username
                                        $0.password = "correct horse battery"
                                        $0.displayName = "Worker"
                                    })
                                record.accept(username)
                            } catch let error as RPCError {
                                record.fail(error.code)
                                if error.code == .unavailable { return }
                            }
                        }
                    }
                }
                // SIGTERM once the load is clearly under way (a fixed pause saw only 8 sign-ups on a
                // machine busy with the rest of the suite).
                _ = await eventually(timeout: .seconds(20)) { record.accepted.count > 16 }
                stack.accounts.process.terminate()
                try await group.waitForAll()
            }
        }
        let status = await stack.accounts.process.exitStatus(within: .seconds(30))
        #expect(status == 0, "accounts should exit cleanly on SIGTERM:\n\(stack.accounts.output)")

        let acceptedNames = record.accepted
        #expect(acceptedNames.count > 16, "the load should have been running when SIGTERM arrived")
        let stored = try await ProcessStack.withAdmin(stack.adminURL) { client in
            var names = Set<String>()
            let rows = try await client.query("SELECT username FROM accounts.users")
            for try await name in rows.decode(String.self) { names.insert(name) }
            return names
        }
        let lost = Set(acceptedNames).subtracting(stored)
        #expect(lost.isEmpty, "accepted but not stored: \(lost.sorted().prefix(10))")
        // Calls refused during shutdown are refused cleanly, never half done.
        let failures = record.failures
        #expect(failures.allSatisfy { [.unavailable, .cancelled, .deadlineExceeded].contains($0) }, "unexpected failures: \(Set(failures))")
    }
}

/// What the load saw: the sign-ups answered OK and the codes of the ones refused.
final class LoadRecord: Sendable {
    private let state = Mutex<(accepted: [String], failures: [RPCError.Code])>(([], []))

    func accept(_ username: String) { state.withLock { $0.accepted.append(username) } }
    func fail(_ code: RPCError.Code) { state.withLock { $0.failures.append(code) } }
    var accepted: [String] { state.withLock { $0.accepted } }
    var failures: [RPCError.Code] { state.withLock { $0.failures } }
}
