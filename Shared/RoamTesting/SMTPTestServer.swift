import Foundation
import RoamLocal
import Synchronization

/// A real SMTP server for tests: Python's aiosmtpd (`scripts/smtp-test-server.py`; `.ci/run` installs
/// it) with a certificate of a test authority, AUTH PLAIN and LOGIN for `roam`/`secret`, writing each
/// message it accepts to a folder. It can be stopped and started again on the same port.
public final class SMTPTestServer: Sendable {
    public enum Security: String, Sendable, Hashable {
        case startTLS = "starttls"
        case implicitTLS = "implicit"
        case none
    }

    public let port: Int
    public let security: Security
    public let folder: String
    /// The PEM file a client trusts to accept the server's certificate.
    public let certificateAuthority: String
    public static let user = "roam"
    public static let password = "s3cret pass:word"
    private let key: String
    private let process = Mutex<LaunchedProcess?>(nil)

    private init(port: Int, security: Security, folder: String, certificate: String, key: String) {
        self.port = port
        self.security = security
        self.folder = folder
        self.certificateAuthority = certificate
        self.key = key
    }

    private static let sharedServers = Mutex<[Security: Task<SMTPTestServer, any Error>]>([:])

    /// One server of each kind for the whole test process, for tests that neither stop it nor count
    /// every mail it has (each sends to addresses of its own).
    public static func shared(_ security: Security = .startTLS) async throws -> SMTPTestServer {
        let task = sharedServers.withLock { servers in
            if let task = servers[security] { return task }
            let task = Task { try await start(security) }
            servers[security] = task
            return task
        }
        return try await task.value
    }

    /// A server on a port of its own, listening once this returns.
    public static func start(_ security: Security = .startTLS) async throws -> SMTPTestServer {
        let folder = NSTemporaryDirectory() + "roam-smtp-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (certificate, key) = try await makeCertificate(in: folder)
        let server = SMTPTestServer(port: FreePort.next(), security: security, folder: folder + "/mail", certificate: certificate, key: key)
        try await server.resume()
        return server
    }

    /// `SMTP_URL` for a client: the user and password percent-encoded, by the certificate's name.
    public var url: String {
        let password = Self.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        switch security {
        case .startTLS: return "smtp://\(Self.user):\(password)@localhost:\(port)"
        case .implicitTLS: return "smtps://\(Self.user):\(password)@localhost:\(port)"
        case .none: return "smtp://localhost:\(port)?tls=none"
        }
    }

    /// Stops the server; mails sent meanwhile are refused at the door.
    public func stop() async {
        let running = process.withLock { process in
            defer { process = nil }
            return process
        }
        _ = await running?.stop()
    }

    /// Starts it (again), listening once this returns.
    public func resume() async throws {
        guard let python = ExecutableSearch.find("python3") else { throw LocalError("python3 is not on PATH (the mail tests need it with aiosmtpd)") }
        let script = try Self.script()
        var arguments = [
            script, "--port", "\(port)", "--security", security.rawValue, "--folder", folder, "--user", Self.user, "--password", Self.password,
            "--parent", "\(getpid())",
        ]
        if security != .none { arguments += ["--cert", certificateAuthority, "--key", key] }
        let launched = try LaunchedProcess(path: python, arguments: arguments)
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if launched.process.hasExited { throw LocalError("the SMTP test server exited while starting:\n\(launched.output)") }
            if launched.output.contains("listening on") {
                process.withLock { $0 = launched }
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        _ = await launched.stop()
        throw LocalError("the SMTP test server did not start:\n\(launched.output)")
    }

    /// Every message accepted so far, oldest first.
    public func received() throws -> [ReceivedMail] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
        return try names.sorted().map { name in
            try JSONDecoder().decode(ReceivedMail.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)")))
        }
    }

    /// The messages to `recipient`, once there are at least `count` of them.
    public func mails(to recipient: String, count: Int = 1, within limit: Duration = .seconds(60)) async throws -> [ReceivedMail] {
        let deadline = ContinuousClock.now + limit
        while true {
            let mails = try received().filter { $0.rcptTos.contains(recipient) }
            if mails.count >= count || ContinuousClock.now > deadline { return mails }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    public func stopAndForget() async {
        await stop()
        try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent)
    }

    /// A self-signed certificate for `localhost` and 127.0.0.1, which is its own authority.
    static func makeCertificate(in folder: String) async throws -> (certificate: String, key: String) {
        let certificate = "\(folder)/cert.pem"
        let key = "\(folder)/key.pem"
        // Spawn (posix_spawn + waitpid), not Foundation's Process, whose exit detection can miss a child.
        try await offThePool {
            let null = open("/dev/null", O_WRONLY)
            defer { close(null) }
            let status = Spawn.wait(
                try Spawn.start(
                    "/usr/bin/openssl",
                    [
                        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out",
                        certificate, "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    ], output: null, ownProcessGroup: false))
            guard status == 0 else { throw LocalError("openssl could not make the SMTP test certificate (status \(status))") }
        }
        return (certificate, key)
    }

    /// `scripts/smtp-test-server.py` of this checkout.
    static func script() throws -> String {
        try CheckoutFile.path("scripts/smtp-test-server.py")
    }
}
