import Logging
import RoamRuntime

/// Comment counts on what other services keep (activities, bucket items): the feed holds the threads,
/// so the gateway asks it for the numbers once per answer.
extension GatewayAPI {
    /// The answers with their comment counts; as they were (no counts) when the feed does not answer,
    /// since an activity or item stands without them.
    func counted<Answer: Commented>(_ answers: [Answer]) async -> [Answer] {
        guard !answers.isEmpty else { return answers }
        let subjects = answers.map(\.commentSubject)
        let counts: [String: Int64]
        do {
            counts = try await feed.call(idempotent: true) { client, options in
                try await client.countComments(.with { $0.subjects = subjects }, options: options)
            }.comments
        } catch {
            CallContext.current.logger.warning("comment counts left out", metadata: ["error": "\(error)"])
            return answers
        }
        return answers.map { answer in
            var counted = answer
            counted.commentCount = counts[answer.commentSubject] ?? 0
            return counted
        }
    }

    func counted<Answer: Commented>(_ answer: Answer) async -> Answer {
        await counted([answer])[0]
    }
}
