import Foundation
import RoamClient
import RoamTesting
import Synchronization
import Testing

/// An event's chat read with RoamClient against every service as a real process: the messages sent
/// while the reader's gateway was restarting arrive after it, none lost or twice, in order; the end of
/// the event ends the stream with its reason; a stranger is refused.
extension ClientEndToEndTests {
    /// What a chat stream delivered, as it came, and how it ended.
    final class ChatReceived: Sendable {
        private let items = Mutex<[LiveChat]>([])
        private let ending = Mutex<(any Error)?>(nil)
        private let finished = Mutex(false)

        func read(_ stream: AsyncThrowingStream<LiveChat, any Error>) async {
            do {
                for try await item in stream { items.withLock { $0.append(item) } }
            } catch {
                ending.withLock { $0 = error }
            }
            finished.withLock { $0 = true }
        }

        var lives: Int { items.withLock { $0.filter { if case .live = $0 { true } else { false } }.count } }
        var messages: [(sequence: Int, text: String)] {
            items.withLock { $0.compactMap { if case .message(let message) = $0 { (message.sequence, message.text) } else { nil } } }
        }
        var texts: [String] { messages.map(\.text) }
        var isFinished: Bool { finished.withLock { $0 } }
        var endingReason: String? { ending.withLock { $0?.roamProblem?.reason.rawValue } }
    }

    static func say(_ text: String, in eventID: String, _ session: RoamSession) async throws {
        _ = try await session.client.sendChatMessage(path: .init(id: eventID), body: .json(.init(text: text))).created
    }

    static func aChatReadAcrossTheGatewaysRestartLosesAndRepeatsNothingAndEndsWithTheEvent(_ everything: EveryService) async throws {
        // The phone reads through the first gateway; the laptop writes through the second.
        let phone = RoamSession(gateway: everything.base)
        try await phone.signUp(.init(displayName: "Host", email: "host@example.com", password: "correct horse battery", username: "chat_host"))
        let laptop = RoamSession(gateway: everything.http[1].base)
        try await laptop.logIn(.init(identifier: "chat_host", password: "correct horse battery"))
        let event = try await phone.client.createEvent(
            body: .json(
                .init(capacity: 20, center: .init(latitude: 57.7, longitude: 11.97), durationSeconds: 3_600, name: "Fika", radiusMeters: 200))
        ).created.body.json
        for text in ["one", "two", "three"] { try await Self.say(text, in: event.eventId, laptop) }

        let received = ChatReceived()
        let reading = Task { await received.read(phone.chat(eventID: event.eventId)) }
        defer { reading.cancel() }
        #expect(await eventually { received.lives == 1 && received.texts == ["one", "two", "three"] }, "\(received.texts)")

        // The phone's gateway stops (closing the socket with 1001) while two more are sent elsewhere.
        await everything.stopGateway()
        for text in ["four", "five"] { try await Self.say(text, in: event.eventId, laptop) }
        try await everything.restartGateway()
        #expect(await eventually(timeout: .seconds(60)) { received.lives == 2 && received.texts.count >= 5 }, "\(received.texts)")
        try await Self.say("six", in: event.eventId, laptop)
        #expect(await eventually { received.texts.count >= 6 })
        #expect(received.texts == ["one", "two", "three", "four", "five", "six"], "in order, each once")
        #expect(received.messages.map(\.sequence) == Array(1...6))

        // A stranger is refused; the host ends the event, which ends the stream with its reason.
        let stranger = RoamSession(gateway: everything.http[1].base)
        try await stranger.signUp(.init(displayName: "Eve", email: "eve@example.com", password: "correct horse battery", username: "chat_eve"))
        await #expect {
            for try await _ in stranger.chat(eventID: event.eventId) {}
        } throws: { $0.roamProblem?.status == 403 }
        _ = try await laptop.client.deleteEvent(path: .init(id: event.eventId)).noContent
        #expect(await eventually(timeout: .seconds(30)) { received.isFinished })
        #expect(received.endingReason == "EVENT_ENDED")
    }
}
