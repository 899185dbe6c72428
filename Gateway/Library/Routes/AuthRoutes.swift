import GRPCCore
import Hummingbird
import RoamProto
import RoamRuntime

/// `/v1/auth/…`: sign up, log in, refresh, log out, email verification and password reset.
struct AuthRoutes<Transport: ClientTransport>: Sendable {
    let accounts: AccountsCaller<Transport>

    func register(in table: RouteTable) {
        table.add(.post, "/v1/auth/signup") { request, context in
            let body = try await JSONBody.decode(SignUpBody.self, from: request, context: context)
            let response = try await accounts.call { client, options in
                try await client.signUp(.with {
                    $0.email = body.email
                    $0.username = body.username
                    $0.password = body.password
                    $0.displayName = body.displayName
                    $0.device = device(request, name: body.deviceName)
                }, options: options)
            }
            return try json(SignedInJSON(account: AccountJSON(response.account), tokens: TokensJSON(response.tokens)), status: .created)
        }
        table.add(.post, "/v1/auth/login") { request, context in
            let body = try await JSONBody.decode(LogInBody.self, from: request, context: context)
            let response = try await accounts.call { client, options in
                try await client.logIn(.with {
                    $0.identifier = body.identifier
                    $0.password = body.password
                    $0.device = device(request, name: body.deviceName)
                }, options: options)
            }
            return try json(SignedInJSON(account: AccountJSON(response.account), tokens: TokensJSON(response.tokens)))
        }
        table.add(.post, "/v1/auth/refresh") { request, context in
            let body = try await JSONBody.decode(RefreshTokenBody.self, from: request, context: context)
            let response = try await accounts.call { client, options in
                try await client.refreshSession(.with { $0.refreshToken = body.refreshToken }, options: options)
            }
            return try json(TokensJSON(response.tokens))
        }
        table.add(.post, "/v1/auth/logout") { request, context in
            let body = try await JSONBody.decode(RefreshTokenBody.self, from: request, context: context)
            _ = try await accounts.call { client, options in
                try await client.logOut(.with { $0.refreshToken = body.refreshToken }, options: options)
            }
            return noContent()
        }
        table.add(.post, "/v1/auth/verify-email") { request, context in
            let body = try await JSONBody.decode(TokenBody.self, from: request, context: context)
            _ = try await accounts.call { client, options in
                try await client.verifyEmail(.with { $0.token = body.token }, options: options)
            }
            return noContent()
        }
        table.add(.post, "/v1/auth/verify-email/resend") { _, context in
            _ = try context.requireUser()
            _ = try await accounts.call { client, options in
                try await client.resendVerificationEmail(.init(), options: options)
            }
            return Response(status: .accepted)
        }
        table.add(.post, "/v1/auth/password-reset") { request, context in
            let body = try await JSONBody.decode(EmailBody.self, from: request, context: context)
            _ = try await accounts.call { client, options in
                try await client.requestPasswordReset(.with { $0.email = body.email }, options: options)
            }
            // Accepted whether or not the address has an account, so it cannot be used to probe.
            return Response(status: .accepted)
        }
        table.add(.post, "/v1/auth/password-reset/confirm") { request, context in
            let body = try await JSONBody.decode(ResetPasswordBody.self, from: request, context: context)
            _ = try await accounts.call { client, options in
                try await client.resetPassword(.with {
                    $0.token = body.token
                    $0.newPassword = body.newPassword
                }, options: options)
            }
            return noContent()
        }
    }
}

/// What the session list shows about the device that signed in.
func device(_ request: Request, name: String?) -> Roam_Accounts_V1_DeviceInfo {
    .with {
        $0.userAgent = String((request.headers[.userAgent] ?? "").prefix(256))
        $0.deviceName = String((name ?? "").prefix(100))
    }
}
