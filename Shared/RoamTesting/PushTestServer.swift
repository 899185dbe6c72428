import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization

/// A local stand-in for a push service (APNs, FCM and Google's token endpoint): HTTP/2 over TLS with a
/// certificate of a test authority, keeping every request and answering as the test says.
public final class PushTestServer: Sendable {
    public let port: Int
    /// The PEM file a client trusts to accept the server's certificate (`PUSH_CA_PATH`).
    public let certificateAuthority: String
    /// The PEM of the server's key, for tests that need a key of the same kind.
    private let folder: String
    private let requests = Mutex<[PushTestRequest]>([])
    private let responder: Mutex<@Sendable (PushTestRequest) -> PushTestResponse>
    private let channel: Mutex<(any Channel)?>
    private let connections = Mutex<[any Channel]>([])

    private init(port: Int, certificateAuthority: String, folder: String, responder: @escaping @Sendable (PushTestRequest) -> PushTestResponse) {
        self.port = port
        self.certificateAuthority = certificateAuthority
        self.folder = folder
        self.responder = Mutex(responder)
        self.channel = Mutex(nil)
    }

    /// `https://localhost:<port>`.
    public var url: String { "https://localhost:\(port)" }

    /// Starts a server on a free port answering `responder` (200 with no body unless it says otherwise).
    public static func start(
        responder: @escaping @Sendable (PushTestRequest) -> PushTestResponse = { _ in PushTestResponse() }
    ) async throws -> PushTestServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roam-push-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (certificate, _) = try await SMTPTestServer.makeCertificate(in: folder)
        let server = PushTestServer(port: FreePort.next(), certificateAuthority: certificate, folder: folder, responder: responder)
        try await server.resume()
        return server
    }

    /// Listens again on the same port with the same certificate, after `pause()`.
    public func resume() async throws {
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificateAuthority).map { .certificate($0) }, privateKey: .file("\(folder)/key.pem")
        )
        tls.applicationProtocols = ["h2"]
        let context = try NIOSSLContext(configuration: tls)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { [self] channel in
                connections.withLock { $0.append(channel) }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                }.flatMap {
                    channel.configureHTTP2Pipeline(
                        mode: .server,
                        inboundStreamInitializer: { stream in
                            stream.eventLoop.makeCompletedFuture {
                                try stream.pipeline.syncOperations.addHandlers([HTTP2FramePayloadToHTTP1ServerCodec(), PushTestHandler(server: self)])
                            }
                        }
                    ).map { _ in }
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        self.channel.withLock { $0 = channel }
    }

    /// Stops listening and closes every connection, as a server that went down: clients are refused
    /// until `resume()`.
    public func pause() async {
        let channel = self.channel.withLock { channel in
            defer { channel = nil }
            return channel
        }
        try? await channel?.close()
        for connection in connections.withLock({ connections in
            defer { connections = [] }
            return connections
        }) {
            try? await connection.close()
        }
    }

    /// Every request so far, oldest first.
    public var received: [PushTestRequest] { requests.withLock { $0 } }

    /// Answers from now on with `responder`.
    public func respond(_ responder: @escaping @Sendable (PushTestRequest) -> PushTestResponse) {
        self.responder.withLock { $0 = responder }
    }

    func handle(_ request: PushTestRequest) -> PushTestResponse {
        requests.withLock { $0.append(request) }
        return responder.withLock { $0 }(request)
    }

    public func stop() async {
        await pause()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
