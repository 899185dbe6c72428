import RoamAPI
import RoamProto

/// Signing in with OpenID Connect providers, and the providers linked to an account.
extension GatewayAPI {
    func signInOptions(_ input: Operations.SignInOptions.Input) async throws -> Operations.SignInOptions.Output {
        let response = try await accounts.call(idempotent: true) { client, options in
            try await client.getSignInOptions(.init(), options: options)
        }
        return .ok(.init(body: .json(.init(providers: response.providers, termsVersion: response.termsVersion))))
    }

    func signInWithProvider(_ input: Operations.SignInWithProvider.Input) async throws -> Operations.SignInWithProvider.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await accounts.call { client, options in
            try await client.signInWithProvider(
                .with {
                    $0.provider = body.provider
                    $0.idToken = body.idToken
                    $0.nonce = body.nonce
                    $0.acceptTermsVersion = body.acceptTermsVersion ?? ""
                    $0.device = Self.device(named: body.deviceName)
                }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        account: .init(response.account, links: mediaLinks), tokens: .init(response.tokens),
                        created: response.created))))
    }

    func listLinkedProviders(_ input: Operations.ListLinkedProviders.Input) async throws -> Operations.ListLinkedProviders.Output {
        let response = try await accounts.call(idempotent: true) { client, options in
            try await client.listLinkedProviders(.init(), options: options)
        }
        return .ok(.init(body: .json(.init(providers: response.providers.map(Components.Schemas.LinkedProvider.init)))))
    }

    func linkProvider(_ input: Operations.LinkProvider.Input) async throws -> Operations.LinkProvider.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await accounts.call { client, options in
            try await client.linkProvider(
                .with {
                    $0.provider = body.provider
                    $0.idToken = body.idToken
                    $0.nonce = body.nonce
                }, options: options)
        }
        return .created(.init(body: .json(.init(response.linked))))
    }

    func unlinkProvider(_ input: Operations.UnlinkProvider.Input) async throws -> Operations.UnlinkProvider.Output {
        _ = try await accounts.call { client, options in
            try await client.unlinkProvider(.with { $0.provider = input.path.provider }, options: options)
        }
        return .noContent(.init())
    }
}
