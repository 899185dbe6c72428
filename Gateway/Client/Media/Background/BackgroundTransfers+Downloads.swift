import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a download's request answered.
extension BackgroundTransfers {
    func downloaded(
        _ transfer: inout BackgroundTransfer, _ completion: URLSessionHappening.Completion, arrival: URL?, destination: URL
    ) async {
        guard let answer = completion.answer, completion.error == nil, let arrival else {
            await retry(&transfer, after: completion.error ?? URLError(.unknown), resumeData: completion.resumeData)
            return
        }
        defer { try? FileManager.default.removeItem(at: arrival) }
        guard (200..<300).contains(answer.status) else {
            let body = (try? Data(contentsOf: arrival).prefix(64 << 10)) ?? Data()
            let problem = problem(answer, body: Data(body), operationID: "downloadMedia")
            if problem.isTransient { return await retry(&transfer, after: problem, wait: problem.retryAfter) }
            return finish(&transfer, failed: problem)
        }
        do {
            if FileManager.default.fileExists(atPath: destination.path) { try FileManager.default.removeItem(at: destination) }
            try FileManager.default.moveItem(at: arrival, to: destination)
            transfer.state = .downloaded(destination)
            finish(&transfer)
        } catch {
            finish(&transfer, failed: error)
        }
    }
}
