import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transfer's next request, its retries, and its end.
extension BackgroundTransfers {
    /// Sends the transfer's next request: an upload's creation or next piece, or a download.
    func schedule(_ transfer: inout BackgroundTransfer, resumeData: Data? = nil, wait: Duration? = nil) async throws {
        if transfer.userID != nil, await (try? session.signedInUserID()) != transfer.userID {
            return finish(&transfer, failed: RoamClientError.signedOut(reason: SessionState.loggedOut))
        }
        let step = UUID()
        transfer.step = step
        let task: URLSessionTask
        switch transfer.kind {
        case .upload(let attachmentOnly):
            var request = URLRequest(url: session.gateway.appendingPathComponent("v1/uploads"))
            request.setValue("1.0.0", forHTTPHeaderField: "Tus-Resumable")
            // A fresh token when it can be had; else the one kept (a 401 then refreshes it).
            var token = (try? await session.accessToken()) ?? nil
            if token == nil { token = (try? await session.currentTokens())?.accessToken }
            guard let token else {
                return finish(&transfer, failed: RoamClientError.signedOut(reason: SessionState.loggedOut))
            }
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            if let uploadID = transfer.uploadID {
                request.url = request.url?.appendingPathComponent(uploadID)
                request.httpMethod = "PATCH"
                request.setValue("application/offset+octet-stream", forHTTPHeaderField: "Content-Type")
                request.setValue(String(transfer.offset), forHTTPHeaderField: "Upload-Offset")
                let count = Int(min(Int64(pieceSize), transfer.length - transfer.offset))
                task = try uploadTask(with: request, fromFile: journal.writePiece(of: transfer.id, from: transfer.offset, count: count))
            } else {
                request.httpMethod = "POST"
                request.setValue(String(transfer.length), forHTTPHeaderField: "Upload-Length")
                request.setValue(transfer.key, forHTTPHeaderField: "Idempotency-Key")
                if attachmentOnly {
                    request.setValue("attachmentOnly \(Data("true".utf8).base64EncodedString())", forHTTPHeaderField: "Upload-Metadata")
                }
                task = try uploadTask(with: request, fromFile: journal.emptyBody())
            }
        case .download(let link, _):
            task = resumeData.map { urlSession.downloadTask(withResumeData: $0) } ?? urlSession.downloadTask(with: link)
        }
        task.taskDescription = Self.name(transfer.id, step)
        madeHere.insert(Self.name(transfer.id, step))
        do {
            try save(transfer)
        } catch {
            task.cancel()
            throw error
        }
        start(task, after: wait)
    }

    /// On Apple platforms from the file, as a background session requires. Elsewhere from its bytes:
    /// swift-corelibs-foundation reads a file body asynchronously and, as each part arrives, unpauses
    /// libcurl's handle, which traps (`curl_easy_pause` refusing) if the task was cancelled meanwhile.
    nonisolated func uploadTask(with request: URLRequest, fromFile file: URL) throws -> URLSessionUploadTask {
        #if canImport(Darwin)
        urlSession.uploadTask(with: request, fromFile: file)
        #else
        urlSession.uploadTask(with: request, from: try Data(contentsOf: file))
        #endif
    }

    func next(_ transfer: inout BackgroundTransfer) async {
        do {
            try await schedule(&transfer)
        } catch {
            finish(&transfer, failed: error)
        }
    }

    /// Once more after a failure, after the retry policy's pause, unless too many came in a row
    /// without progress.
    func retry(_ transfer: inout BackgroundTransfer, after error: any Error, resumeData: Data? = nil, wait: Duration? = nil) async {
        transfer.failures += 1
        guard transfer.failures < max(session.retryPolicy.attempts, 2) else { return finish(&transfer, failed: error) }
        do {
            try await schedule(&transfer, resumeData: resumeData, wait: wait ?? session.retryPolicy.delay(afterFailures: transfer.failures))
        } catch {
            finish(&transfer, failed: error)
        }
    }

    nonisolated func start(_ task: URLSessionTask, after wait: Duration?) {
        guard let wait, wait > .zero else { return task.resume() }
        #if canImport(Darwin)
        // The system starts it, even while the app is suspended.
        task.earliestBeginDate = Date().addingTimeInterval(Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18)
        task.resume()
        #else
        let pending = UncheckedTask(task: task)
        Task {
            try? await Task.sleep(for: wait)
            pending.task.resume()
        }
        #endif
    }

    func finish(_ transfer: inout BackgroundTransfer, failed error: (any Error)? = nil) {
        guard !removed.contains(transfer.id) else { return }
        if let error {
            let problem = error.roamProblem
            transfer.state = .failed(
                status: problem?.status, reason: problem?.reason.rawValue ?? error.roamClientError.map(Self.reason),
                detail: problem?.detail ?? String(describing: error))
        }
        transfer.step = nil
        for url in [journal.file(transfer.id), journal.piece(transfer.id)] { try? FileManager.default.removeItem(at: url) }
        publish(.finished((try? save(transfer)) ?? transfer))
    }

    static func reason(_ error: RoamClientError) -> String {
        switch error {
        case .signedOut(let reason): reason
        case .uploadDamaged: "UPLOAD_DAMAGED"
        case .invalidLink: "INVALID_LINK"
        default: "CLIENT_ERROR"
        }
    }

    func problem(_ answer: URLSessionHappening.Answer, body: Data, operationID: String) -> RoamProblem {
        RoamProblem(
            operationID: operationID, status: answer.status, body: body, retryAfter: answer["Retry-After"].flatMap(Int.init).map { .seconds($0) })
    }
}
