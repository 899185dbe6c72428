import Foundation
import Observation
import RoamClient

/// An event's chat: the messages as they come, and why it ended.
@available(iOS 17, macOS 14, *)
@Observable @MainActor
public final class ChatModel {
    public let eventID: String
    public private(set) var messages: [Components.Schemas.ChatMessage] = []
    public private(set) var ended: String?
    let session: RoamSession

    public init(session: RoamSession, eventID: String) {
        self.session = session
        self.eventID = eventID
    }

    /// Reads the chat until it ends for this user (run it in the view's `.task`).
    public func follow() async {
        do {
            for try await item in session.chat(eventID: eventID, after: messages.last?.sequence ?? 0) {
                if case .message(let message) = item { messages.append(message) }
            }
        } catch {
            ended = error.roamProblem?.reason == .eventEnded ? "The event is over." : error.roamProblem?.detail
        }
    }

    public func say(_ text: String) async {
        _ = try? await session.client.sendChatMessage(path: .init(id: eventID), body: .json(.init(text: text)))
    }
}
