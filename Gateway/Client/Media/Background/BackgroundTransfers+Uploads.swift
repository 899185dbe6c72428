import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an upload's requests answered, and the check of the item they stored.
extension BackgroundTransfers {
    /// Goes on from what a creation or a piece answered (or how it broke).
    func uploaded(_ transfer: inout BackgroundTransfer, _ completion: URLSessionHappening.Completion, body: Data) async {
        guard let answer = completion.answer, completion.error == nil else {
            // The connection broke: the gateway kept what arrived; ask how much.
            if let id = transfer.uploadID, let standing = try? await uploader(for: transfer).status(of: id) {
                progressed(&transfer, to: standing.offset)
            }
            await retry(&transfer, after: completion.error ?? URLError(.unknown))
            return
        }
        switch answer.status {
        case 200..<300:
            if transfer.uploadID == nil {
                transfer.uploadID = answer["Location"].flatMap { $0.split(separator: "/").last.map(String.init) }
            }
            progressed(&transfer, to: answer["Upload-Offset"].flatMap { Int64($0) } ?? transfer.offset)
            if let mediaID = answer["Roam-Media-Id"] {
                transfer.mediaID = mediaID
                await check(&transfer, mediaID: mediaID)
            } else {
                await next(&transfer)
            }
        case 401:
            // The token expired while the request waited: once more with a fresh one.
            do {
                // Nil when signed out here; a refused refresh throws why the session ended.
                guard try await session.token(afterRefusalOf: completion.token ?? "") != nil else {
                    return finish(&transfer, failed: RoamClientError.signedOut(reason: SessionState.loggedOut))
                }
                await next(&transfer)
            } catch {
                error.isNetworkFailure ? await retry(&transfer, after: error) : finish(&transfer, failed: error)
            }
        case 404, 410:
            // Expired before it was finished: a new upload, under a key of its own.
            transfer.uploadID = nil
            transfer.offset = 0
            transfer.key = "\(transfer.key.prefix(150))-\(UUID().uuidString.lowercased())"
            await retry(&transfer, after: problem(answer, body: body, operationID: "appendToResumableUpload"))
        case 409:
            if let id = transfer.uploadID, let standing = try? await uploader(for: transfer).status(of: id) {
                progressed(&transfer, to: standing.offset)
                if let mediaID = standing.mediaID {
                    transfer.mediaID = mediaID
                    return await check(&transfer, mediaID: mediaID)
                }
            }
            await retry(&transfer, after: problem(answer, body: body, operationID: "appendToResumableUpload"))
        default:
            let problem = problem(answer, body: body, operationID: transfer.uploadID == nil ? "createResumableUpload" : "appendToResumableUpload")
            if problem.isTransient {
                await retry(&transfer, after: problem, wait: problem.retryAfter)
            } else {
                finish(&transfer, failed: problem)
            }
        }
    }

    /// Where the gateway says the upload stands. Breaks that each leave bytes behind are not failures
    /// in a row: a long trip on a bad line still ends.
    func progressed(_ transfer: inout BackgroundTransfer, to offset: Int64) {
        if offset > transfer.offset { transfer.failures = 0 }
        transfer.offset = offset
        transfer.state = .sending(completedBytes: offset, totalBytes: transfer.length)
    }

    /// The stored item is the file, or it is not kept.
    func check(_ transfer: inout BackgroundTransfer, mediaID: String) async {
        do {
            let media = try await session.client.getMedia(path: .init(id: mediaID)).ok.body.json
            guard media.sha256 == transfer.sha256 else {
                _ = try? await session.client.deleteMedia(path: .init(id: mediaID))
                return finish(&transfer, failed: RoamClientError.uploadDamaged(mediaID: mediaID))
            }
            transfer.state = .uploaded(mediaID: mediaID)
            finish(&transfer)
        } catch  where error.isNetworkFailure {
            // Unchecked yet: kept with its item, for `resume()`.
            transfer.step = nil
            try? save(transfer)
        } catch {
            finish(&transfer, failed: error)
        }
    }

    func uploader(for transfer: BackgroundTransfer) -> ResumableUploader {
        ResumableUploader(
            session: session, file: journal.file(transfer.id), attachmentOnly: false, pieceSize: pieceSize, retryPolicy: .never, progress: nil)
    }
}
