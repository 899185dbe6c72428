import Foundation
import GRPCCore
import RoamProto

/// The accounts service's `WatchRevocations`, followed with a service credential.
public struct AccountsRevocationSource<Transport: ClientTransport>: RevocationSource {
    let accounts: Upstream<Transport>
    let serviceName: String
    let serviceSecret: String

    public init(accounts: Upstream<Transport>, serviceName: String, serviceSecret: String) {
        self.accounts = accounts
        self.serviceName = serviceName
        self.serviceSecret = serviceSecret
    }

    public func follow(after position: Int64, _ receive: @escaping @Sendable (RevocationBatch) async throws -> Void) async throws {
        // A credential of its own per stream: it is checked when the stream opens, however long it lasts.
        let credential = await ServiceCredential(serviceName: serviceName, secret: serviceSecret)
        try await credential.acting(in: CallContext(requestID: "watch-revocations", logger: .init(label: "roam-revocations"))) {
            try await accounts.call(longLived: true) { client, options in
                let request = Roam_Accounts_V1_WatchRevocationsRequest.with { $0.after = position }
                try await Roam_Accounts_V1_AccountsService.Client(wrapping: client).watchRevocations(request, options: options) { response in
                    for try await message in response.messages {
                        let changes = message.relationChanges.compactMap { change in
                            UUID(uuidString: change.userID).flatMap { user in
                                UUID(uuidString: change.otherUserID).map {
                                    RevocationBatch.RelationChange(users: [user, $0], at: change.changedAt.date)
                                }
                            }
                        }
                        try await receive(
                            RevocationBatch(
                                entries: message.revocations.compactMap(Self.entry), position: message.position,
                                relationChanges: changes, suspendedAccounts: message.suspensionsListed ? Self.suspended(message) : nil))
                    }
                }
            }
        }
    }

    static func suspended(_ message: Roam_Accounts_V1_WatchRevocationsResponse) -> [UUID: Date?] {
        var suspended: [UUID: Date?] = [:]
        for account in message.suspendedAccounts {
            if let user = UUID(uuidString: account.userID) { suspended[user] = account.hasUntil ? account.until.date : nil }
        }
        return suspended
    }

    static func entry(_ revocation: Roam_Accounts_V1_Revocation) -> RevocationBatch.Entry? {
        guard let user = UUID(uuidString: revocation.userID) else { return nil }
        return RevocationBatch.Entry(
            userID: user, sessionID: revocation.sessionID.isEmpty ? nil : UUID(uuidString: revocation.sessionID),
            forgetAfter: revocation.forgetAfter.date)
    }
}
