import RoamAPI
import RoamProto

/// `/v1/auth/…`: sign up, log in, refresh, log out, email verification and password reset.
extension GatewayAPI {
    func signUp(_ input: Operations.SignUp.Input) async throws -> Operations.SignUp.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await accounts.call { client, options in
            try await client.signUp(
                .with {
                    $0.email = body.email
                    $0.username = body.username
                    $0.password = body.password
                    $0.displayName = body.displayName
                    $0.termsVersion = body.termsVersion ?? ""
                    $0.language = body.language ?? ""
                    $0.device = Self.device(named: body.deviceName)
                }, options: options)
        }
        return .created(
            .init(body: .json(.init(account: response.account, tokens: response.tokens, deviceToken: response.deviceToken, links: mediaLinks))))
    }

    func logIn(_ input: Operations.LogIn.Input) async throws -> Operations.LogIn.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await accounts.call { client, options in
            try await client.logIn(
                .with {
                    $0.identifier = body.identifier
                    $0.password = body.password
                    $0.acceptTermsVersion = body.acceptTermsVersion ?? ""
                    $0.device = Self.device(named: body.deviceName)
                    $0.deviceToken = body.deviceToken ?? ""
                }, options: options)
        }
        return .ok(
            .init(body: .json(.init(account: response.account, tokens: response.tokens, deviceToken: response.deviceToken, links: mediaLinks))))
    }

    func refresh(_ input: Operations.Refresh.Input) async throws -> Operations.Refresh.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await accounts.call { client, options in
            try await client.refreshSession(.with { $0.refreshToken = body.refreshToken }, options: options)
        }
        return .ok(.init(body: .json(.init(response.tokens))))
    }

    func logOut(_ input: Operations.LogOut.Input) async throws -> Operations.LogOut.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        _ = try await accounts.call { client, options in
            try await client.logOut(.with { $0.refreshToken = body.refreshToken }, options: options)
        }
        return .noContent(.init())
    }

    func verifyEmail(_ input: Operations.VerifyEmail.Input) async throws -> Operations.VerifyEmail.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        _ = try await accounts.call { client, options in
            try await client.verifyEmail(.with { $0.token = body.token }, options: options)
        }
        return .noContent(.init())
    }

    func resendVerificationEmail(
        _ input: Operations.ResendVerificationEmail.Input
    ) async throws
        -> Operations.ResendVerificationEmail.Output
    {
        _ = try await accounts.call { client, options in
            try await client.resendVerificationEmail(.init(), options: options)
        }
        return .accepted(.init())
    }

    func requestPasswordReset(_ input: Operations.RequestPasswordReset.Input) async throws -> Operations.RequestPasswordReset.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        _ = try await accounts.call { client, options in
            try await client.requestPasswordReset(.with { $0.email = body.email }, options: options)
        }
        // Accepted whether or not the address has an account, so it cannot be used to probe.
        return .accepted(.init())
    }

    func resetPassword(_ input: Operations.ResetPassword.Input) async throws -> Operations.ResetPassword.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        _ = try await accounts.call { client, options in
            try await client.resetPassword(
                .with {
                    $0.token = body.token
                    $0.newPassword = body.newPassword
                }, options: options)
        }
        return .noContent(.init())
    }

    /// What the session list shows about the device that signed in.
    static func device(named name: String?) -> Roam_Accounts_V1_DeviceInfo {
        .with {
            $0.userAgent = GatewayCall.current.userAgent
            $0.deviceName = String((name ?? "").prefix(100))
        }
    }
}
