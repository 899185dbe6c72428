import Foundation
import GRPCCore
import RoamProto
import RoamRuntime

/// Providers, email and username changes, and the terms.
extension AccountsGRPCService {
    public func getSignInOptions(
        request: Roam_Accounts_V1_GetSignInOptionsRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_GetSignInOptionsResponse {
        .with {
            $0.providers = accounts.providerNames
            $0.termsVersion = accounts.termsVersion
        }
    }

    public func signInWithProvider(
        request: Roam_Accounts_V1_SignInWithProviderRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_SignInWithProviderResponse {
        let signIn = try await accounts.signIn(
            provider: request.provider, idToken: request.idToken, nonce: request.nonce,
            acceptingTerms: request.acceptTermsVersion,
            device: request.device.domain(fallbackUserAgent: nil), clientAddress: clientAddress)
        return .with {
            $0.account = signIn.account.accountProto
            $0.tokens = signIn.tokens.proto
            $0.created = signIn.created
        }
    }

    public func listLinkedProviders(
        request: Roam_Accounts_V1_ListLinkedProvidersRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_ListLinkedProvidersResponse {
        let linked = try await accounts.linkedProviders(of: context.requireUser())
        return .with { $0.providers = linked.map(\.proto) }
    }

    public func linkProvider(
        request: Roam_Accounts_V1_LinkProviderRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_LinkProviderResponse {
        let linked = try await accounts.linkProvider(
            of: context.requireUser(), provider: request.provider, idToken: request.idToken, nonce: request.nonce)
        return .with { $0.linked = linked.proto }
    }

    public func unlinkProvider(
        request: Roam_Accounts_V1_UnlinkProviderRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_UnlinkProviderResponse {
        try await accounts.unlinkProvider(of: context.requireUser(), provider: request.provider)
        return .init()
    }

    public func requestEmailChange(
        request: Roam_Accounts_V1_RequestEmailChangeRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_RequestEmailChangeResponse {
        try await accounts.requestEmailChange(of: context.requireUser(), to: request.newEmail, password: request.password)
        return .init()
    }

    public func changeUsername(
        request: Roam_Accounts_V1_ChangeUsernameRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_ChangeUsernameResponse {
        let view = try await accounts.changeUsername(of: context.requireUser(), to: request.username)
        return .with { $0.account = view.accountProto }
    }

    public func acceptTerms(
        request: Roam_Accounts_V1_AcceptTermsRequest, context _: ServerContext
    ) async throws -> Roam_Accounts_V1_AcceptTermsResponse {
        let view = try await accounts.acceptTerms(of: context.requireUser(), version: request.version)
        return .with { $0.account = view.accountProto }
    }
}
