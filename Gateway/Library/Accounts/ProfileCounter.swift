import GRPCCore
import RoamProto
import RoamRuntime

/// One service's contribution to a user's counts.
protocol ProfileCounter: Sendable {
    var name: String { get }
    func counts(for profile: Roam_Accounts_V1_Profile) async throws -> [String: Int64]
}
