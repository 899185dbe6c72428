import RoamAPI
import RoamProto
import RoamRuntime

/// An event's chat: `GET|POST /v1/events/{id}/chat`. The live WebSocket beside it is a plain route
/// (`ChatRoutes`).
extension GatewayAPI {
    func sendChatMessage(_ input: Operations.SendChatMessage.Input) async throws -> Operations.SendChatMessage.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await feed.call { client, options in
            try await client.sendChatMessage(
                .with {
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                    $0.eventID = input.path.id
                    $0.text = body.text
                }, options: options)
        }
        return .created(.init(body: .json(.init(response.message))))
    }

    func listChatMessages(_ input: Operations.ListChatMessages.Input) async throws -> Operations.ListChatMessages.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await feed.call(idempotent: true) { client, options in
            try await client.listChatMessages(
                .with {
                    $0.eventID = input.path.id; $0.page = page.proto
                }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        messages: response.messages.map(Components.Schemas.ChatMessage.init),
                        nextPageToken: .pageToken(response.page)))))
    }
}
