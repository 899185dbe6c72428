import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The background session's delegate: it passes on what the session tells, in order, to the
/// `BackgroundTransfers` actor, and does at once only what cannot wait (moving a finished download
/// before the system removes it).
final class BackgroundTransferDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, @unchecked Sendable {
    let happenings: AsyncStream<URLSessionHappening>.Continuation
    let journal: BackgroundTransferJournal

    init(happenings: AsyncStream<URLSessionHappening>.Continuation, journal: BackgroundTransferJournal) {
        self.happenings = happenings
        self.journal = journal
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64
    ) {
        guard let name = task.taskDescription else { return }
        happenings.yield(.sent(task: name, bytes: totalBytesSent))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        happenings.yield(.received(taskIdentifier: dataTask.taskIdentifier, data))
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64, totalBytesWritten: Int64,
        totalBytesExpectedToWrite: Int64
    ) {
        guard let name = downloadTask.taskDescription else { return }
        happenings.yield(.wrote(task: name, bytes: totalBytesWritten, of: totalBytesExpectedToWrite > 0 ? totalBytesExpectedToWrite : nil))
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        // The system removes `location` when this returns.
        let kept = journal.arrival()
        guard let name = downloadTask.taskDescription, (try? FileManager.default.moveItem(at: location, to: kept)) != nil else { return }
        happenings.yield(.downloaded(task: name, file: kept))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let name = task.taskDescription else { return }
        let authorization = task.originalRequest?.value(forHTTPHeaderField: "Authorization")
        #if canImport(Darwin)
        let resumeData = (error as NSError?)?.userInfo[NSURLSessionDownloadTaskResumeData] as? Data
        #else
        let resumeData: Data? = nil
        #endif
        happenings.yield(
            .completed(
                .init(
                    task: name, taskIdentifier: task.taskIdentifier, answer: (task.response as? HTTPURLResponse).map(URLSessionHappening.Answer.init),
                    token: authorization.map { String($0.dropFirst("Bearer ".count)) }, error: error, resumeData: resumeData)))
    }

    #if canImport(Darwin)
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        happenings.yield(.finishedEvents)
    }
    #endif

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        happenings.finish()
    }
}
