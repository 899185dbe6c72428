import Foundation
import GRPCCore
import RoamProto
import RoamRuntime

/// The gRPC face of the accounts service: converts messages and calls `AccountService`.
public struct AccountsGRPCService: Roam_Accounts_V1_AccountsService.SimpleServiceProtocol {
    typealias Method = Roam_Accounts_V1_AccountsService.Method

    /// Calls that need no access token.
    public static let anonymousMethods: Set<MethodDescriptor> = [
        Method.SignUp.descriptor, Method.LogIn.descriptor, Method.RefreshSession.descriptor, Method.LogOut.descriptor,
        Method.VerifyEmail.descriptor, Method.DescribeEmailLink.descriptor, Method.RequestPasswordReset.descriptor, Method.ResetPassword.descriptor,
        Method.GetProfile.descriptor, Method.SearchUsers.descriptor, Method.ListFollowers.descriptor,
        Method.ListFollowing.descriptor, Method.GetPublicKeys.descriptor, Method.GetSignInOptions.descriptor,
        Method.SignInWithProvider.descriptor, Method.GetProfilesById.descriptor,
    ]

    let accounts: AccountService
    let publicKeys: [JSONWebKey]
    /// The revocation feed; nil where a test does not need one.
    let revocations: RevocationFeed?

    public init(accounts: AccountService, publicKeys: [JSONWebKey], revocations: RevocationFeed? = nil) {
        self.accounts = accounts
        self.publicKeys = publicKeys
        self.revocations = revocations
    }

    var context: CallContext { CallContext.current }
    var clientAddress: String { context.clientAddress ?? "unknown" }

    public func signUp(request: Roam_Accounts_V1_SignUpRequest, context _: ServerContext) async throws -> Roam_Accounts_V1_SignUpResponse {
        let form = SignUpForm(
            email: request.email, username: request.username, password: request.password,
            displayName: request.displayName, termsVersion: request.termsVersion, language: request.language)
        let (view, tokens) = try await accounts.signUp(form, device: request.device.domain(fallbackUserAgent: nil), clientAddress: clientAddress)
        return .with {
            $0.account = view.accountProto
            $0.tokens = tokens.proto
            $0.deviceToken = tokens.deviceToken
        }
    }

    public func logIn(request: Roam_Accounts_V1_LogInRequest, context _: ServerContext) async throws -> Roam_Accounts_V1_LogInResponse {
        let (view, tokens) = try await accounts.logIn(
            identifier: request.identifier, password: request.password,
            acceptingTerms: request.acceptTermsVersion, device: request.device.domain(fallbackUserAgent: nil), deviceToken: request.deviceToken,
            clientAddress: clientAddress)
        return .with {
            $0.account = view.accountProto
            $0.tokens = tokens.proto
            $0.deviceToken = tokens.deviceToken
        }
    }

    public func refreshSession(
        request: Roam_Accounts_V1_RefreshSessionRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_RefreshSessionResponse {
        let tokens = try await accounts.refresh(refreshToken: request.refreshToken)
        return .with { $0.tokens = tokens.proto }
    }

    public func logOut(request: Roam_Accounts_V1_LogOutRequest, context _: ServerContext) async throws -> Roam_Accounts_V1_LogOutResponse {
        try await accounts.logOut(refreshToken: request.refreshToken)
        return .init()
    }

    public func listSessions(
        request: Roam_Accounts_V1_ListSessionsRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_ListSessionsResponse {
        let user = try context.requireUser()
        let sessions = try await accounts.sessions(of: user)
        return .with { $0.sessions = sessions.map { $0.proto(current: user.sessionID) } }
    }

    public func revokeSession(
        request: Roam_Accounts_V1_RevokeSessionRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_RevokeSessionResponse {
        try await accounts.revokeSession(UUID(field: "session_id", request.sessionID), of: context.requireUser())
        return .init()
    }

    public func revokeAllSessions(
        request: Roam_Accounts_V1_RevokeAllSessionsRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_RevokeAllSessionsResponse {
        let count = try await accounts.revokeAllSessions(of: context.requireUser(), keepingCurrent: request.keepCurrent)
        return .with { $0.revokedCount = Int32(count) }
    }

    public func changePassword(
        request: Roam_Accounts_V1_ChangePasswordRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_ChangePasswordResponse {
        try await accounts.changePassword(of: context.requireUser(), current: request.currentPassword, new: request.newPassword)
        return .init()
    }

    public func verifyEmail(
        request: Roam_Accounts_V1_VerifyEmailRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_VerifyEmailResponse {
        try await accounts.verifyEmail(token: request.token)
        return .init()
    }

    public func describeEmailLink(
        request: Roam_Accounts_V1_DescribeEmailLinkRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_DescribeEmailLinkResponse {
        let link = try await accounts.describeEmailLink(token: request.token)
        return .with {
            $0.change = link.change
            $0.username = link.username
            $0.email = link.email
        }
    }

    public func resendVerificationEmail(
        request: Roam_Accounts_V1_ResendVerificationEmailRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_ResendVerificationEmailResponse {
        try await accounts.resendVerificationEmail(to: context.requireUser())
        return .init()
    }

    public func requestPasswordReset(
        request: Roam_Accounts_V1_RequestPasswordResetRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_RequestPasswordResetResponse {
        try await accounts.requestPasswordReset(email: request.email)
        return .init()
    }

    public func resetPassword(
        request: Roam_Accounts_V1_ResetPasswordRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_ResetPasswordResponse {
        try await accounts.resetPassword(token: request.token, newPassword: request.newPassword)
        return .init()
    }

    public func getMyProfile(
        request: Roam_Accounts_V1_GetMyProfileRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_GetMyProfileResponse {
        let view = try await accounts.myProfile(context.requireUser())
        return .with { $0.account = view.accountProto }
    }

    public func updateMyProfile(
        request: Roam_Accounts_V1_UpdateMyProfileRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_UpdateMyProfileResponse {
        // Empty removes the avatar.
        let avatar: UUID?? =
            request.hasAvatarMediaID
            ? .some(request.avatarMediaID.isEmpty ? nil : try UUID(field: "avatar_media_id", request.avatarMediaID)) : nil
        let changes = ProfileChanges(
            displayName: request.hasDisplayName ? request.displayName : nil, bio: request.hasBio ? request.bio : nil,
            phone: request.hasPhone ? request.phone : nil, avatarMediaID: avatar, givenName: request.hasGivenName ? request.givenName : nil,
            familyName: request.hasFamilyName ? request.familyName : nil, language: request.hasLanguage ? request.language : nil)
        let view = try await accounts.updateProfile(of: context.requireUser(), changes)
        return .with { $0.account = view.accountProto }
    }

    public func getProfile(request: Roam_Accounts_V1_GetProfileRequest, context _: ServerContext) async throws -> Roam_Accounts_V1_GetProfileResponse
    {
        let view = try await accounts.profile(username: request.username, viewer: context.userID)
        return .with { $0.profile = view.proto }
    }

    public func searchUsers(
        request: Roam_Accounts_V1_SearchUsersRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_SearchUsersResponse {
        let page = try await accounts.searchUsers(query: request.query, page: request.page.domain(), viewer: context.userID)
        return .with {
            $0.profiles = page.items.map(\.proto)
            $0.page = .with { $0.nextPageToken = page.nextCursor ?? "" }
        }
    }

    public func getProfilesById(
        request: Roam_Accounts_V1_GetProfilesByIdRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_GetProfilesByIdResponse {
        var ids: [UUID] = []
        for (index, id) in request.userIds.enumerated() { ids.append(try UUID(field: "user_ids[\(index)]", id)) }
        let views = try await accounts.profiles(ids: ids, viewer: context.userID)
        return .with { $0.profiles = views.map(\.proto) }
    }

    public func deleteAccount(
        request: Roam_Accounts_V1_DeleteAccountRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_DeleteAccountResponse {
        try await accounts.deleteAccount(of: context.requireUser(), password: request.password)
        return .init()
    }

    public func follow(request: Roam_Accounts_V1_FollowRequest, context _: ServerContext) async throws -> Roam_Accounts_V1_FollowResponse {
        try await accounts.follow(context.requireUser(), username: request.username)
        return .init()
    }

    public func unfollow(request: Roam_Accounts_V1_UnfollowRequest, context _: ServerContext) async throws -> Roam_Accounts_V1_UnfollowResponse {
        try await accounts.unfollow(context.requireUser(), username: request.username)
        return .init()
    }

    public func listFollowers(
        request: Roam_Accounts_V1_ListFollowersRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_ListFollowersResponse {
        let (page, total) = try await accounts.followers(username: request.username, page: request.page.domain(), viewer: context.userID)
        return .with {
            $0.profiles = page.items.map(\.proto)
            $0.totalCount = Int64(total)
            $0.page = .with { $0.nextPageToken = page.nextCursor ?? "" }
        }
    }

    public func listFollowing(
        request: Roam_Accounts_V1_ListFollowingRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_ListFollowingResponse {
        let (page, total) = try await accounts.following(username: request.username, page: request.page.domain(), viewer: context.userID)
        return .with {
            $0.profiles = page.items.map(\.proto)
            $0.totalCount = Int64(total)
            $0.page = .with { $0.nextPageToken = page.nextCursor ?? "" }
        }
    }

    public func block(request: Roam_Accounts_V1_BlockRequest, context _: ServerContext) async throws -> Roam_Accounts_V1_BlockResponse {
        try await accounts.block(context.requireUser(), username: request.username)
        return .init()
    }

    public func unblock(request: Roam_Accounts_V1_UnblockRequest, context _: ServerContext) async throws -> Roam_Accounts_V1_UnblockResponse {
        try await accounts.unblock(context.requireUser(), username: request.username)
        return .init()
    }

    public func checkBlock(request: Roam_Accounts_V1_CheckBlockRequest, context _: ServerContext) async throws -> Roam_Accounts_V1_CheckBlockResponse
    {
        guard let caller = context.caller else { throw RoamError.unauthenticated() }
        let blocked = try await accounts.eitherBlocks(
            UUID(field: "user_id", request.userID),
            UUID(field: "other_user_id", request.otherUserID), caller: caller)
        return .with { $0.blocked = blocked }
    }

    public func getRelations(
        request: Roam_Accounts_V1_GetRelationsRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_GetRelationsResponse {
        guard let caller = context.caller else { throw RoamError.unauthenticated() }
        let relations = try await accounts.relations(of: UUID(field: "user_id", request.userID), caller: caller)
        return .with {
            $0.followingIds = relations.following.map(\.lowercasedString).sorted()
            $0.blockedIds = relations.blocked.map(\.lowercasedString).sorted()
        }
    }

    public func getPublicKeys(
        request: Roam_Accounts_V1_GetPublicKeysRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_GetPublicKeysResponse {
        .with {
            $0.keys = publicKeys.map { key in
                .with {
                    $0.kty = key.kty
                    $0.crv = key.crv
                    $0.x = key.x
                    $0.kid = key.kid
                    $0.alg = key.alg
                    $0.use = key.use
                }
            }
        }
    }
}
