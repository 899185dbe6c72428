import CVips
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamLocal
import RoamProto
import RoamRuntime
import RoamTesting

/// `roam-bench media`: roam-media as its own process on PostgreSQL with blobs on files, over gRPC:
/// uploads of 12-megapixel JPEGs (each answered once its thumbnail and preview exist), a 40 MB file
/// streamed through, 100 photos 8 at a time, thumbnail downloads, and the process's memory: idle, and
/// its peak (VmHWM) after each upload run.
enum MediaBench {
    typealias Media = Roam_Media_V1_MediaService.Client<HTTP2ClientTransport.Posix>

    static func run(concurrency: Int, seconds: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roam-bench-media-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let stack = try await ProcessStack.startAccounts()
        let (media, mediaPort) = try await stack.startMedia(environment: ["MEDIA_DIRECTORY": directory.path, "MEDIA_MAX_BYTES": "60000000"])
        say("roam-bench media: roam-media as its own process, HTTP/2 on loopback, PostgreSQL, blobs on files, \(concurrency) callers")
        say("memory idle: media \(media.residentMegabytes) MB")
        let photo = try twelveMegapixelJPEG()
        say("a 12 MP JPEG of \(photo.count / 1_000) kB (camera noise, so it compresses as photos do)")
        try await withClients(stack.accountsPort, mediaPort) { accounts, client in
            let users = try await FeedBench.signUp(count: concurrency, accounts)

            let uploads = try await Bench.measure(concurrency: concurrency, seconds: seconds) { index in
                _ = try await upload(unique(photo, index), client: client, token: users[index % users.count].token)
            }
            say("12 MP JPEG uploads, variants made:  \(uploads)")

            let big =
                Data([0, 0, 0, 24] + Array("ftypmp42".utf8) + [0, 0, 0, 0])
                + Data((0..<(40_000_000 - 16)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
            let started = ContinuousClock.now
            _ = try await upload(big, client: client, token: users[0].token)
            say(
                "a 40 MB file streamed in 64 KiB chunks: \(Bench.milliseconds(ContinuousClock.now - started)); media peak \(media.peakResidentMegabytes) MB"
            )

            let batchStart = ContinuousClock.now
            try await FeedBench.forEach(0..<100, concurrency: 8) { index in
                _ = try await upload(unique(photo, 1_000_000 + index), client: client, token: users[index % users.count].token)
            }
            say("100 photos, 8 at a time: \(Bench.milliseconds(ContinuousClock.now - batchStart)); media peak \(media.peakResidentMegabytes) MB")

            let item = try await upload(unique(photo, 2_000_000), client: client, token: users[0].token).media.mediaID
            let thumbnails = try await Bench.measure(concurrency: concurrency, seconds: seconds) { _ in
                try await client.download(
                    .with {
                        $0.mediaID = item; $0.variant = .thumbnail
                    }, metadata: FeedBench.bearer(users[0].token)
                ) { response in
                    for try await _ in response.messages {}
                }
            }
            say("thumbnail downloads:                \(thumbnails)")
        }
        say("memory after load: media \(media.residentMegabytes) MB")
        try await throughGateway(stack: stack, mediaPort: mediaPort, media: media, photo: photo, concurrency: concurrency, seconds: seconds)
        _ = await media.stop()
        _ = await stack.accounts.stop()
    }

    /// The same runs through `roam-gateway` over HTTP: uploads streamed through it, and its peak memory
    /// beside media's.
    static func throughGateway(
        stack: ProcessStack, mediaPort: Int, media: LaunchedProcess, photo: Data, concurrency: Int,
        seconds: Int
    ) async throws {
        // The gateway is ready only when every service it fronts is.
        let (events, eventsPort) = try await stack.startEvents()
        let (feed, feedPort) = try await stack.startFeed(eventsPort: eventsPort)
        let (trips, tripsPort) = try await stack.startTrips()
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists()
        let (gateway, http) = try await stack.startGateway(
            tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort,
            environment: [
                "EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)",
                "MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)", "MEDIA_MAX_BYTES": "60000000", "RATE_LIMIT_PER_ADDRESS": "1000000",
                "RATE_LIMIT_PER_ADDRESS_BURST": "1000000", "RATE_LIMIT_PER_USER": "1000000", "RATE_LIMIT_PER_USER_BURST": "1000000",
            ])
        say("through roam-gateway (HTTP/1.1 on loopback, then gRPC to media); gateway idle \(gateway.residentMegabytes) MB")
        let reply = try await http.send(
            "POST", "/v1/auth/signup",
            json: [
                "email": "bench-gateway@example.com", "username": "bench_gateway", "password": "correct horse battery", "displayName": "Bench",
            ])
        let token = try (reply.json()["tokens"] as? [String: Any])?["accessToken"] as? String ?? ""
        @Sendable func upload(_ bytes: Data) async throws -> [String: Any] {
            let answer = try await http.send("POST", "/v1/media", body: bytes, token: token, headers: ["Content-Type": "image/jpeg"])
            guard answer.status == 201 else { throw LocalError("upload answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))") }
            return try answer.json()
        }
        let big =
            Data([0, 0, 0, 24] + Array("ftypmp42".utf8) + [0, 0, 0, 0])
            + Data((0..<(40_000_000 - 16)).map { UInt8(truncatingIfNeeded: $0 &* 40_503 >> 7) })
        let started = ContinuousClock.now
        _ = try await upload(big)
        say(
            "a 40 MB file through the gateway: \(Bench.milliseconds(ContinuousClock.now - started)); peaks: gateway \(gateway.peakResidentMegabytes) MB, media \(media.peakResidentMegabytes) MB"
        )
        let batchStart = ContinuousClock.now
        try await FeedBench.forEach(0..<100, concurrency: 8) { index in _ = try await upload(unique(photo, 3_000_000 + index)) }
        say(
            "100 photos through the gateway, 8 at a time: \(Bench.milliseconds(ContinuousClock.now - batchStart)); peaks: gateway \(gateway.peakResidentMegabytes) MB, media \(media.peakResidentMegabytes) MB"
        )
        let links = try await upload(unique(photo, 4_000_000))["links"] as? [String: Any]
        let thumbnail = links?["thumbnail"] as? String ?? ""
        let thumbnails = try await Bench.measure(concurrency: concurrency, seconds: seconds) { _ in
            guard try await http.send("GET", thumbnail).status == 200 else { throw LocalError("a thumbnail was refused") }
        }
        say("thumbnails through the gateway (signed links): \(thumbnails)")
        _ = await gateway.stop()
        _ = await budget.stop()
        _ = await bucketLists.stop()
        _ = await trips.stop()
        _ = await feed.stop()
        _ = await events.stop()
    }

    /// The same picture with different bytes after its end (decoders stop at the end marker), so each
    /// upload is a new item rather than a duplicate.
    static func unique(_ photo: Data, _ index: Int) -> Data {
        photo + Data("roam-bench \(index)".utf8)
    }

    static func upload(_ bytes: Data, client: Media, token: String) async throws -> Roam_Media_V1_UploadResponse {
        try await client.upload(
            metadata: FeedBench.bearer(token),
            requestProducer: { writer in
                try await writer.write(.with { $0.start = .init() })
                var offset = 0
                while offset < bytes.count {
                    try await writer.write(.with { $0.chunk = bytes[offset..<min(offset + 65_536, bytes.count)] })
                    offset += 65_536
                }
            })
    }

    static func twelveMegapixelJPEG() throws -> Data {
        guard roam_vips_start("roam-bench") == 0, let image = roam_vips_noise(4_000, 3_000) else {
            throw LocalError("libvips could not make a picture")
        }
        defer { roam_vips_release(image) }
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        guard roam_vips_jpeg(image, 85, &bytes, &length) == 0, let bytes else { throw LocalError("libvips could not encode a JPEG") }
        defer { roam_vips_free(bytes) }
        return Data(bytes: bytes, count: length)
    }

    static func withClients(
        _ accountsPort: Int, _ mediaPort: Int,
        _ body: (Roam_Accounts_V1_AccountsService.Client<HTTP2ClientTransport.Posix>, Media) async throws -> Void
    ) async throws {
        func connect(_ port: Int) throws -> GRPCClient<HTTP2ClientTransport.Posix> {
            GRPCClient(transport: try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext))
        }
        let clients = try [connect(accountsPort), connect(mediaPort)]
        try await withThrowingDiscardingTaskGroup { group in
            for client in clients { group.addTask { try await client.runConnections() } }
            defer { for client in clients { client.beginGracefulShutdown() } }
            try await body(Roam_Accounts_V1_AccountsService.Client(wrapping: clients[0]), Roam_Media_V1_MediaService.Client(wrapping: clients[1]))
        }
    }
}
