import RoamAPI
import RoamProto

/// Changing one's email and username, and accepting the terms.
extension GatewayAPI {
    func requestEmailChange(_ input: Operations.RequestEmailChange.Input) async throws -> Operations.RequestEmailChange.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        _ = try await accounts.call { client, options in
            try await client.requestEmailChange(
                .with {
                    $0.newEmail = body.newEmail
                    $0.password = body.password ?? ""
                }, options: options)
        }
        return .accepted(.init())
    }

    func changeUsername(_ input: Operations.ChangeUsername.Input) async throws -> Operations.ChangeUsername.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await accounts.call { client, options in
            try await client.changeUsername(.with { $0.username = body.username }, options: options)
        }
        return .ok(.init(body: .json(.init(response.account, links: mediaLinks))))
    }

    func acceptTerms(_ input: Operations.AcceptTerms.Input) async throws -> Operations.AcceptTerms.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await accounts.call { client, options in
            try await client.acceptTerms(.with { $0.version = body.version }, options: options)
        }
        return .ok(.init(body: .json(.init(response.account, links: mediaLinks))))
    }
}
