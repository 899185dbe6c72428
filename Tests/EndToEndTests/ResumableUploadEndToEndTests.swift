import Crypto
import Foundation
import RoamClient
import RoamTesting
import Synchronization
import Testing

/// tus resumable uploads through the real gateway and media processes (files, PostgreSQL): a real tus
/// client (tuspy) cut off half way resumes from the byte it reached, the protocol's refusals, the
/// quota reserved at creation, and expiry removing the bytes.
@Suite(.serialized) struct ResumableUploadEndToEndTests {
    struct Stack {
        let http: HTTPTestClient
        let mediaDirectory: URL
    }

    static func withStack(_ environment: [String: String] = [:], _ body: (Stack) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roam-e2e-tus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let mediaPort = FreePort.next()
        let stack = try await ProcessStack.startAccounts()
        let (media, _) = try await stack.startMedia(
            port: mediaPort, environment: ["MEDIA_DIRECTORY": directory.path].merging(environment) { _, new in new })
        let (gateway, http) = try await stack.startGateway(
            environment: ["MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)"], readyPath: "/healthz")
        do {
            try await body(Stack(http: http, mediaDirectory: directory))
        } catch {
            // A test that gives up leaves no process behind.
            for process in [gateway, media, stack.accounts] { _ = await process.stopStatus() }
            throw error
        }
        await expectCleanStops(gateway, media, stack.accounts)
    }

    static func signUp(_ http: HTTPTestClient, _ name: String) async throws -> String {
        let reply = try await http.send(
            "POST", "/v1/auth/signup",
            json: ["email": "\(name)@example.com", "username": name, "password": "correct horse battery", "displayName": name])
        return try #require((try reply.json()["tokens"] as? [String: Any])?["accessToken"] as? String)
    }

    /// An MP4 as media tells one (its `ftyp` box), the rest random: a video is stored without decoding.
    static func video(bytes count: Int) -> Data {
        var data = Data([0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8))
        var generator = SystemRandomNumberGenerator()
        data.append(contentsOf: (0..<(count - data.count)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        return data
    }

    static let tus = ["Tus-Resumable": "1.0.0"]

    @Test func aTwentyMegabyteUploadByARealTusClientCutHalfWayResumesFromTheByteItReached() async throws {
        try await Self.withStack { stack in
            let token = try await Self.signUp(stack.http, "tus_ana")
            let size = 20 << 20
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("roam-tus-\(UUID().uuidString).mp4")
            let bytes = Self.video(bytes: size)
            try bytes.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }

            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", try #require(Self.script(), "scripts/tus-cut-and-resume.py is not found"), "--gateway", stack.http.base.absoluteString,
                "--token", token, "--file", file.path, "--cut-at", String(size / 2),
            ]
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            let complaints = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(String(decoding: complaints, as: UTF8.self))")
            let result = try #require(try JSONSerialization.jsonObject(with: printed) as? [String: Any])

            // What passed before the break is kept: at most half, and not much less (the request's head
            // and the last piece in flight).
            let offset = try #require(result["offsetAfterCut"] as? Int)
            #expect(offset > size * 2 / 5 && offset <= size / 2, "resumed from \(offset) of \(size)")
            #expect(result["finalOffset"] as? Int == size)
            #expect((result["metadata"] as? String)?.contains("filename") == true)
            let mediaID = try #require(result["mediaId"] as? String)
            let item = try await stack.http.send("GET", "/v1/media/\(mediaID)", token: token).json()
            #expect(item["sizeBytes"] as? Int == size && item["kind"] as? String == "mp4" && item["deviceAssetId"] as? String == "clip-1")
            #expect(item["sha256"] as? String == SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
            // The segments are gone once the item is stored.
            #expect(try Self.segments(in: stack.mediaDirectory).isEmpty)
        }
    }

    /// scripts/tus-cut-and-resume.py as a proxy only: it cuts the connection that carries the `cutAt`th
    /// byte toward the gateway (once), and counts every byte it carried.
    final class CuttingProxy: Sendable {
        let process: Process
        let input: Pipe
        let output: Pipe
        let port: Int

        /// - Parameter every: after the first cut, cut again each this many bytes (nil: once).
        init(gateway: URL, cutAt: Int, every: Int? = nil) throws {
            process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", try #require(ResumableUploadEndToEndTests.script()), "--proxy-only", "--gateway", gateway.absoluteString,
                "--cut-at", String(cutAt), "--cut-every", String(every ?? 0),
            ]
            (input, output) = (Pipe(), Pipe())
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let line = String(decoding: output.fileHandleForReading.availableLine(), as: UTF8.self)
            port = try #require(Int(line.dropFirst("port ".count)), "the proxy said \(line)")
        }

        /// Stops it, and says how many bytes it carried toward the gateway.
        func stop() throws -> Int {
            try input.fileHandleForWriting.close()
            let line = String(decoding: output.fileHandleForReading.availableLine(), as: UTF8.self)
            process.waitUntilExit()
            return try #require(Int(line.dropFirst("forwarded ".count)), "the proxy said \(line)")
        }
    }

    @Test func roamClientRidesOutABreakHalfWayAndResumesAfterARelaunch() async throws {
        try await Self.withStack { stack in
            let size = 20 << 20
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("roam-tus-client-\(UUID().uuidString).mp4")
            let bytes = Self.video(bytes: size)
            try bytes.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let sha256 = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            let name = "tus_cli\(Int.random(in: 1_000...9_999))"
            let tokens = InMemoryTokenStore()
            try await RoamSession(gateway: stack.http.base, store: tokens).signUp(
                .init(displayName: "Ana", email: "\(name)@example.com", password: "correct horse battery", username: name))

            // One session: the connection breaks half way, the session asks where the upload stands and
            // sends only the rest.
            let proxy = try CuttingProxy(gateway: stack.http.base, cutAt: size / 2)
            let session = RoamSession(gateway: URL(string: "http://127.0.0.1:\(proxy.port)")!, store: tokens)
            let reported = Mutex<[Int64]>([])
            let media = try await session.uploadResumably(contentsOf: file) { progress in reported.withLock { $0.append(progress.completedBytes) } }
            let carried = try proxy.stop()
            #expect(media.sizeBytes == size && media.sha256 == sha256 && media.kind == .mp4)
            #expect(carried > size && carried < size + size / 10, "carried \(carried) bytes for \(size): resumed, not sent again")
            let resumedAt = reported.withLock { $0 }.first { $0 > 0 && $0 % (4 << 20) != 0 }
            #expect(resumedAt.map { $0 > size * 2 / 5 && $0 <= size / 2 } == true, "resumed at \(String(describing: resumedAt))")

            // An app killed by the break (no retries), relaunched: the same file uploaded again resumes.
            let other = Self.video(bytes: size)
            try other.write(to: file)
            let secondProxy = try CuttingProxy(gateway: stack.http.base, cutAt: size / 2)
            let proxied = URL(string: "http://127.0.0.1:\(secondProxy.port)")!
            await #expect(throws: (any Error).self) {
                _ = try await RoamSession(gateway: proxied, store: tokens, retryPolicy: .never).uploadResumably(contentsOf: file)
            }
            let relaunched = try await RoamSession(gateway: proxied, store: tokens).uploadResumably(contentsOf: file)
            let carriedAgain = try secondProxy.stop()
            #expect(relaunched.sha256 == SHA256.hash(data: other).map { String(format: "%02x", $0) }.joined())
            #expect(carriedAgain < size + size / 10, "carried \(carriedAgain) bytes for \(size) over a relaunch")

            // A line that breaks every 3 MiB, more times than the retry policy's attempts: each break
            // leaves bytes behind, so the upload ends.
            let often = Self.video(bytes: size)
            try often.write(to: file)
            let breaking = try CuttingProxy(gateway: stack.http.base, cutAt: 3 << 20, every: 3 << 20)
            let persisted = try await RoamSession(gateway: URL(string: "http://127.0.0.1:\(breaking.port)")!, store: tokens)
                .uploadResumably(contentsOf: file)
            let carriedOften = try breaking.stop()
            #expect(persisted.sha256 == SHA256.hash(data: often).map { String(format: "%02x", $0) }.joined())
            #expect(carriedOften < size + size / 2, "carried \(carriedOften) bytes for \(size) over \(size / (3 << 20)) breaks")
            #expect(try Self.segments(in: stack.mediaDirectory).isEmpty)
        }
    }

    @Test func theProtocolsRefusalsAreProblemsWithTusStatusesAndAStrangerFindsNothing() async throws {
        try await Self.withStack { stack in
            let http = stack.http
            let (ana, bo) = (try await Self.signUp(http, "tus_cy"), try await Self.signUp(http, "tus_di"))
            let options = try await http.send("OPTIONS", "/v1/uploads")
            #expect(options.status == 204 && options.header("Tus-Version") == "1.0.0" && options.header("Tus-Max-Size") == "50000000")
            #expect(options.header("Tus-Extension") == "creation,termination,expiration,checksum")

            let noVersion = try await http.send("POST", "/v1/uploads", token: ana, headers: ["Upload-Length": "10"])
            #expect(noVersion.status == 412 && noVersion.header("Tus-Version") == "1.0.0" && noVersion.reason == "TUS_VERSION_UNSUPPORTED")
            #expect(try await http.send("POST", "/v1/uploads", headers: Self.tus.merging(["Upload-Length": "10"]) { $1 }).status == 401)
            let noLength = try await http.send("POST", "/v1/uploads", token: ana, headers: Self.tus)
            #expect(noLength.status == 400 && noLength.problemFields == ["Upload-Length"])
            let tooLarge = try await http.send("POST", "/v1/uploads", token: ana, headers: Self.tus.merging(["Upload-Length": "50000001"]) { $1 })
            #expect(tooLarge.status == 413 && tooLarge.reason == "MEDIA_TOO_LARGE")
            let badMetadata = try await http.send(
                "POST", "/v1/uploads", token: ana, headers: Self.tus.merging(["Upload-Length": "10", "Upload-Metadata": "latitude OTk5"]) { $1 })
            #expect(badMetadata.status == 400 && badMetadata.problemFields == ["Upload-Metadata.latitude"], "\(badMetadata.text)")

            let video = Self.video(bytes: 300_000)
            let creation = Self.tus.merging(["Upload-Length": String(video.count), "Idempotency-Key": "clip-\(UUID())"]) { $1 }
            let created = try await http.send("POST", "/v1/uploads", token: ana, headers: creation)
            #expect(
                created.status == 201 && created.header("Tus-Resumable") == "1.0.0" && created.header("Upload-Expires")?.hasSuffix(" GMT") == true)
            let location = try #require(created.header("Location"))
            #expect(location.hasPrefix("/v1/uploads/"))
            // A creation retried with its key answers the same upload.
            #expect(try await http.send("POST", "/v1/uploads", token: ana, headers: creation).header("Location") == location)
            func patch(_ body: Data, at offset: Int, headers: [String: String] = [:], token: String? = nil) async throws -> HTTPTestClient.Reply {
                try await http.send(
                    "PATCH", location, body: body, token: token ?? ana,
                    headers: Self.tus.merging(["Content-Type": "application/offset+octet-stream", "Upload-Offset": String(offset)]) { $1 }
                        .merging(headers) { $1 })
            }
            let wrongType = try await patch(video.prefix(10), at: 0, headers: ["Content-Type": "application/octet-stream"])
            #expect(wrongType.status == 415 && wrongType.problemFields == ["Content-Type"])
            let first = try await patch(video.prefix(100_000), at: 0)
            #expect(first.status == 204 && first.header("Upload-Offset") == "100000")
            let wrongOffset = try await patch(video[100_000..<200_000], at: 50_000)
            #expect(wrongOffset.status == 409 && wrongOffset.reason == "UPLOAD_OFFSET_MISMATCH")
            let sha1 = Data(Insecure.SHA1.hash(data: Data("something else".utf8))).base64EncodedString()
            let mismatched = try await patch(video[100_000..<200_000], at: 100_000, headers: ["Upload-Checksum": "sha1 \(sha1)"])
            #expect(mismatched.status == 460 && mismatched.reason == "CHECKSUM_MISMATCH")
            let unknownAlgorithm = try await patch(video[100_000..<200_000], at: 100_000, headers: ["Upload-Checksum": "crc32 AAAA"])
            #expect(unknownAlgorithm.status == 400 && unknownAlgorithm.reason == "CHECKSUM_ALGORITHM_UNSUPPORTED")
            let tooMuch = try await patch(video + Data(count: 10), at: 100_000)
            #expect(tooMuch.status == 413 && tooMuch.reason == "UPLOAD_LENGTH_EXCEEDED")
            let head = try await http.send("HEAD", location, token: ana, headers: Self.tus)
            #expect(head.status == 200 && head.header("Upload-Offset") == "100000" && head.header("Upload-Length") == String(video.count))
            #expect(head.header("Cache-Control") == "no-store")

            // Bo sees nothing of Ana's upload, and cannot add to it or end it.
            #expect(try await http.send("HEAD", location, token: bo, headers: Self.tus).status == 404)
            #expect(try await patch(video[100_000...], at: 100_000, token: bo).status == 404)
            #expect(try await http.send("DELETE", location, token: bo, headers: Self.tus).status == 404)

            let sha256 = Data(SHA256.hash(data: video[100_000...])).base64EncodedString()
            let last = try await patch(video[100_000...], at: 100_000, headers: ["Upload-Checksum": "sha256 \(sha256)"])
            let mediaID = try #require(last.header("Roam-Media-Id"))
            #expect(last.status == 204 && last.header("Upload-Offset") == String(video.count))
            #expect(try await http.send("GET", "/v1/media/\(mediaID)", token: ana).json()["sizeBytes"] as? Int == video.count)
            #expect(try await http.send("HEAD", location, token: ana, headers: Self.tus).header("Roam-Media-Id") == mediaID)
            // Created again with its key (a client relaunched after the last byte): the same upload, naming its item.
            let again = try await http.send("POST", "/v1/uploads", token: ana, headers: creation)
            #expect(again.header("Location") == location && again.header("Roam-Media-Id") == mediaID, "\(again.status)")
            #expect(again.header("Upload-Offset") == String(video.count))

            // Given up: its bytes go, and it is not there any more.
            let other = try await http.send("POST", "/v1/uploads", token: ana, headers: Self.tus.merging(["Upload-Length": "1000"]) { $1 })
            let otherLocation = try #require(other.header("Location"))
            _ = try await http.send(
                "PATCH", otherLocation, body: video.prefix(500), token: ana,
                headers: Self.tus.merging(["Content-Type": "application/offset+octet-stream", "Upload-Offset": "0"]) { $1 })
            #expect(try Self.segments(in: stack.mediaDirectory).count == 1)
            #expect(try await http.send("DELETE", otherLocation, token: ana, headers: Self.tus).status == 204)
            #expect(try await http.send("DELETE", otherLocation, token: ana, headers: Self.tus).status == 404)
            #expect(try await http.send("HEAD", otherLocation, token: ana, headers: Self.tus).status == 404)
            #expect(try Self.segments(in: stack.mediaDirectory).isEmpty)
        }
    }

    @Test func uploadsStartedTogetherCannotPassTheQuotaAndAnExpiredOneIsRemovedWithItsBytes() async throws {
        try await Self.withStack(["MEDIA_QUOTA_BYTES": "1000000", "MEDIA_UPLOAD_EXPIRY": "2s", "MEDIA_SWEEP_INTERVAL": "1s"]) { stack in
            let http = stack.http
            let ana = try await Self.signUp(http, "tus_eve")
            // Eight uploads of 300 KB asked for at once against a 1 MB quota: exactly three fit.
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await http.send("POST", "/v1/uploads", token: ana, headers: Self.tus.merging(["Upload-Length": "300000"]) { $1 }).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 3 && statuses.filter { $0 == 422 }.count == 5, "\(statuses)")
            // A whole upload counts against what is reserved too.
            let whole = try await http.send("POST", "/v1/media", body: Self.video(bytes: 200_000), token: ana, headers: ["Content-Type": "video/mp4"])
            #expect(whole.status == 422 && whole.reason == "QUOTA_EXCEEDED")

            let created = try await http.send("POST", "/v1/uploads", token: ana, headers: Self.tus.merging(["Upload-Length": "100001"]) { $1 })
            #expect(created.status == 422, "the quota is still held")
            // Left unfinished past its expiry, each upload goes with its bytes, and frees the quota.
            try await Task.sleep(for: .seconds(4))
            let fresh = try await http.send("POST", "/v1/uploads", token: ana, headers: Self.tus.merging(["Upload-Length": "900000"]) { $1 })
            #expect(fresh.status == 201)
            let location = try #require(fresh.header("Location"))
            _ = try await http.send(
                "PATCH", location, body: Self.video(bytes: 1_000), token: ana,
                headers: Self.tus.merging(["Content-Type": "application/offset+octet-stream", "Upload-Offset": "0"]) { $1 })
            #expect(try Self.segments(in: stack.mediaDirectory).count == 1)
            try await Task.sleep(for: .seconds(4))
            let expired = try await http.send("HEAD", location, token: ana, headers: Self.tus)
            #expect(expired.status == 404 || expired.status == 410)
            #expect(try Self.segments(in: stack.mediaDirectory).isEmpty, "the expired upload's bytes were removed")
        }
    }

    /// The segment blobs kept under the media directory.
    static func segments(in directory: URL) throws -> [String] {
        let uploads = directory.appendingPathComponent("blobs/uploads")
        guard let walker = FileManager.default.enumerator(atPath: uploads.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: uploads.appendingPathComponent(path).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
    }

    static func script() -> String? {
        try? CheckoutFile.path("scripts/tus-cut-and-resume.py")
    }
}

extension FileHandle {
    /// The bytes up to the next line break, the break left out; what there is at the end.
    func availableLine() -> Data {
        var line = Data()
        while let byte = try? read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") { line.append(first) }
        return line
    }
}
