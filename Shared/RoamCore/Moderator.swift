import Foundation

/// Who acts on other people's accounts: a user holding a role, or an operator (`roam`, with the
/// service credential), who may do everything.
public struct Moderator: Sendable, Equatable {
    /// Nil for an operator.
    public var userID: UUID?
    public var roles: Set<Role>
    /// How the audit log names them: `user:<id>` or `operator:<name>`.
    public var name: String

    public var isOperator: Bool { userID == nil }
    /// Admins (and operators) also read the audit log.
    public var isAdmin: Bool { roles.contains(.admin) }

    public static let roleRequired = RoamError(
        .permissionDenied, reason: "PERMISSION_DENIED", message: "only a moderator or an admin may do this")

    public init(userID: UUID?, roles: Set<Role>, name: String) {
        self.userID = userID
        self.roles = roles
        self.name = name
    }

    /// The moderator a call comes from. A service credential is an operator's, named as `operatorName`
    /// says (what `roam` passes) or after the service; a user must hold a role.
    public init(caller: Caller, operatorName: String) throws(RoamError) {
        switch caller {
        case .service(let service):
            userID = nil
            roles = Set(Role.allCases)
            // A service passing on an operator's action names them as it was told (`operator:ana`).
            let named = operatorName.isEmpty ? service : operatorName
            name = named.hasPrefix("operator:") ? named : "operator:\(named)"
        case .user(let user):
            guard user.roles.canModerate else { throw Self.roleRequired }
            userID = user.id
            roles = user.roles
            name = "user:\(user.id.lowercasedString)"
        }
    }
}
