import Crypto
import Foundation
import MediaTesting
import RoamClient
import RoamTesting
import Testing

/// `BackgroundTransfers` through the real gateway and media processes (files, PostgreSQL), on a session
/// that ends with its instance (a background one cannot be made on Linux): the same requests, pieces and
/// journal a background session relies on. A suite of its own, beside the tus suite rather than after it.
@Suite struct BackgroundTransfersEndToEndTests {
    @Test func backgroundTransfersRideOutABreakAreTakenUpAfterTheProcessEndedAndDownload() async throws {
        try await ResumableUploadEndToEndTests.withStack { stack in
            let size = 20 << 20
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roam-background-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let file = scratch.appendingPathComponent("clip.mp4")
            let bytes = ResumableUploadEndToEndTests.video(bytes: size)
            try bytes.write(to: file)
            let name = "tus_bg\(Int.random(in: 1_000...9_999))"
            let tokens = InMemoryTokenStore()
            try await RoamSession(gateway: stack.http.base, store: tokens).signUp(
                .init(displayName: "Ana", email: "\(name)@example.com", password: "correct horse battery", username: name))
            let token = try #require(try await tokens.load()?.accessToken)

            // The connection breaks half way: the next piece starts where the gateway stands. The app's
            // own file may go as soon as the transfer is asked for (a copy is sent).
            let proxy = try ResumableUploadEndToEndTests.CuttingProxy(gateway: stack.http.base, cutAt: size / 2)
            let session = RoamSession(gateway: URL(string: "http://127.0.0.1:\(proxy.port)")!, store: tokens)
            let journal = scratch.appendingPathComponent("transfers")
            let transfers = try BackgroundTransfers(session: session, directory: journal, configuration: .default, pieceSize: 4 << 20)
            let events = await transfers.events()
            let transfer = try await transfers.upload(contentsOf: file)
            try FileManager.default.removeItem(at: file)
            let uploaded = try await Self.finished(transfer.id, in: transfers)
            let carried = try proxy.stop()
            guard case .uploaded(let mediaID) = uploaded.state else { throw TestFailure("the upload ended \(uploaded.state)") }
            #expect(carried > size && carried < size + size / 10, "carried \(carried) bytes for \(size): resumed, not sent again")
            let item = try await stack.http.send("GET", "/v1/media/\(mediaID)", token: token).json()
            #expect(item["sha256"] as? String == SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
            var told: [BackgroundTransferEvent] = []
            for await event in events {
                told.append(event)
                if case .finished = event { break }
            }
            let acknowledged = told.compactMap { event -> Int64? in
                guard case .progress(_, let progress) = event else { return nil }
                return progress.completedBytes
            }
            #expect(acknowledged.last == Int64(size) && acknowledged.contains { $0 > 0 && $0 < Int64(size) })
            #expect(told.last == .finished(uploaded))
            let kept = try Set(FileManager.default.contentsOfDirectory(atPath: journal.path))
            #expect(kept == ["\(transfer.id).json", "empty"], "the copy is gone: \(kept)")
            await transfers.stop()

            // A line that breaks every 3 MiB, more times in a row than the retry policy's attempts:
            // each break leaves bytes behind, so none is a failure in a row, and the upload ends.
            let breaking = try ResumableUploadEndToEndTests.CuttingProxy(gateway: stack.http.base, cutAt: 3 << 20, every: 3 << 20)
            let brokenOften = RoamSession(gateway: URL(string: "http://127.0.0.1:\(breaking.port)")!, store: tokens)
            let patient = try BackgroundTransfers(session: brokenOften, directory: journal, configuration: .default, pieceSize: 4 << 20)
            let often = ResumableUploadEndToEndTests.video(bytes: size)
            try often.write(to: file)
            let persisted = try await Self.finished(try await patient.upload(contentsOf: file).id, in: patient)
            let carriedOften = try breaking.stop()
            guard case .uploaded(let oftenID) = persisted.state else { throw TestFailure("the upload on a breaking line ended \(persisted.state)") }
            #expect(carriedOften < size + size / 2, "carried \(carriedOften) bytes for \(size) over \(size / (3 << 20)) breaks")
            let oftenItem = try await stack.http.send("GET", "/v1/media/\(oftenID)", token: token).json()
            #expect(oftenItem["sha256"] as? String == SHA256.hash(data: often).map { String(format: "%02x", $0) }.joined())
            await patient.remove(persisted.id)
            await patient.stop()

            // The process ends a third of the way: the next instance on the same directory takes the
            // upload up where the gateway stands, and sends little more than the file in all.
            let other = ResumableUploadEndToEndTests.video(bytes: size)
            try other.write(to: file)
            let counter = try ResumableUploadEndToEndTests.CuttingProxy(gateway: stack.http.base, cutAt: Int.max)
            let counted = RoamSession(gateway: URL(string: "http://127.0.0.1:\(counter.port)")!, store: tokens)
            let first = try BackgroundTransfers(session: counted, directory: journal, configuration: .default, pieceSize: 4 << 20)
            let firstEvents = await first.events()
            let second = try await first.upload(contentsOf: file)
            for await event in firstEvents {
                if case .progress(second.id, let progress) = event, progress.completedBytes >= Int64(size / 3) { break }
            }
            await first.stop()
            let relaunched = try BackgroundTransfers(session: counted, directory: journal, configuration: .default, pieceSize: 4 << 20)
            let taken = try await Self.finished(second.id, in: relaunched)
            guard case .uploaded(let otherID) = taken.state else { throw TestFailure("the upload taken up ended \(taken.state)") }
            let carriedAgain = try counter.stop()
            #expect(carriedAgain < size + size / 10, "carried \(carriedAgain) bytes for \(size) over a relaunch")
            await relaunched.stop()
            let otherItem = try await stack.http.send("GET", "/v1/media/\(otherID)", token: token).json()
            #expect(otherItem["sha256"] as? String == SHA256.hash(data: other).map { String(format: "%02x", $0) }.joined())

            // Another launch, straight to the gateway. A download saves the file whole (a photo: a
            // video is the owner's alone); an altered link fails with the gateway's refusal.
            let direct = RoamSession(gateway: stack.http.base, store: tokens)
            let later = try BackgroundTransfers(session: direct, directory: journal, configuration: .default, pieceSize: 4 << 20)
            let photo = scratch.appendingPathComponent("photo.jpg")
            try TestPhoto.write(to: photo.path, width: 1_200, height: 900, exif: TestPhoto.cameraFields)
            let picture = try await direct.upload(contentsOf: photo)
            let link = picture.links.original
            let shared = try await stack.http.send("GET", link)
            #expect(shared.status == 200 && shared.body.starts(with: [0xFF, 0xD8]))
            let destination = scratch.appendingPathComponent("downloaded.jpg")
            let download = try await later.download(link, to: destination)
            let downloaded = try await Self.finished(download.id, in: later)
            #expect(downloaded.state == .downloaded(destination), "\(downloaded.state)")
            #expect(try Data(contentsOf: destination) == shared.body)
            let altered = try await later.download(link.replacingOccurrences(of: "signature=", with: "signature=0"), to: destination)
            let refused = try await Self.finished(altered.id, in: later)
            guard case .failed(let status, _, _) = refused.state else { throw TestFailure("the altered link ended \(refused.state)") }
            #expect(status.map { (400..<500).contains($0) } == true, "\(refused.state)")
            #expect(try Data(contentsOf: destination) == shared.body, "a refused download leaves the file there as it was")

            // Finished transfers stay listed until removed; a signed-out session's transfers fail.
            #expect(await later.transfers().map(\.id) == [transfer.id, second.id, download.id, altered.id])
            for kept in await later.transfers() { await later.remove(kept.id) }
            #expect(await later.transfers().isEmpty)
            // One removed while under way stays removed: its request is cancelled, and nothing brings it back.
            try ResumableUploadEndToEndTests.video(bytes: size).write(to: file)
            // (Removed at various moments: a request cancelled while its body was being read once
            // crashed swift-corelibs-foundation.)
            for pause in [0, 50, 150, 300, 600] {
                let dropped = try await later.upload(contentsOf: file)
                try await Task.sleep(for: .milliseconds(pause))
                await later.remove(dropped.id)
            }
            try await Task.sleep(for: .seconds(2))
            #expect(await later.transfers().isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: journal.path).filter { !$0.hasPrefix("empty") }.isEmpty)
            try ResumableUploadEndToEndTests.video(bytes: size).write(to: file)
            let cutShort = try await later.upload(contentsOf: file)
            try await direct.logOut()
            guard case .failed(_, let reason, _) = try await Self.finished(cutShort.id, in: later).state else {
                throw TestFailure("an upload whose user logged out did not fail")
            }
            #expect(reason == SessionState.loggedOut)
            await #expect(throws: RoamClientError.signedOut(reason: SessionState.loggedOut)) { try await later.upload(contentsOf: file) }
            await later.stop()
        }
    }

    /// The transfer once it finished, read from the journal as an app would after a relaunch.
    static func finished(_ id: BackgroundTransfer.ID, in transfers: BackgroundTransfers) async throws -> BackgroundTransfer {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            if let transfer = await transfers.transfers().first(where: { $0.id == id }), transfer.isFinished { return transfer }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestFailure("transfer \(id) did not finish in 120 s: \(await transfers.transfers())")
    }
}
