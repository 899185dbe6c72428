import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import RoamRuntime

/// Submits one message per connection to an SMTP server (RFC 5321, STARTTLS per RFC 3207, AUTH PLAIN
/// and LOGIN per RFC 4954). Written on NIO because no SMTP package is in Roam's dependencies; a
/// message a day per user does not need a pooled connection.
public struct SMTPClient: Sendable {
    public let server: SMTPServer
    let tls: NIOSSLContext?
    /// The name this host gives in EHLO.
    let clientName: String
    /// The longest one exchange may take, connecting included.
    let timeLimit: Duration

    /// `trustRoots`: a PEM file of the authorities to trust instead of the system's (a company CA, a test CA).
    public init(server: SMTPServer, trustRoots: String? = nil, clientName: String = "localhost", timeLimit: Duration = .seconds(60)) throws {
        self.server = server
        self.clientName = clientName
        self.timeLimit = timeLimit
        if server.security == .none {
            tls = nil
        } else {
            var configuration = TLSConfiguration.makeClientConfiguration()
            if let trustRoots { configuration.trustRoots = .file(trustRoots) }
            tls = try NIOSSLContext(configuration: configuration)
        }
    }

    /// Hands the message to the server. Throws `SMTPError.refused` with the server's reply when it
    /// will not take it; any other error means the outcome is not known.
    public func send(_ message: Data, from sender: String, to recipient: String) async throws {
        try await Timeout.race(timeLimit, SMTPError.timedOut) { try await exchange(message, from: sender, to: recipient) }
    }

    private func exchange(_ message: Data, from sender: String, to recipient: String) async throws {
        let implicitTLS = server.security == .implicitTLS ? tls : nil
        let host = server.host
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: host, port: server.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let implicitTLS {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: implicitTLS, serverHostname: Self.sniName(host)))
                    }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SMTPReplyDecoder()))
                    return try NIOAsyncChannel<SMTPReply, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            var session = SMTPSession(replies: inbound.makeAsyncIterator(), outbound: outbound)
            try await session.expect("greeting", 220)
            var capabilities = try await session.command("EHLO \(clientName)", named: "EHLO", expecting: 250).lines
            if server.security == .startTLS {
                guard capabilities.contains(where: { $0.uppercased() == "STARTTLS" }) else { throw SMTPError.startTLSNotOffered }
                try await session.command("STARTTLS", named: "STARTTLS", expecting: 220)
                try await channel.channel.pipeline.addHandler(
                    NIOSSLClientHandler(context: tls!, serverHostname: Self.sniName(host)), position: .first)
                capabilities = try await session.command("EHLO \(clientName)", named: "EHLO", expecting: 250).lines
            }
            if let username = server.username {
                try await session.authenticate(username: username, password: server.password ?? "", capabilities: capabilities)
            }
            try await session.command("MAIL FROM:<\(sender)>", named: "MAIL FROM", expecting: 250)
            try await session.command("RCPT TO:<\(recipient)>", named: "RCPT TO", expecting: 250, 251)
            try await session.command("DATA", named: "DATA", expecting: 354)
            try await session.write(Self.dotStuffed(message))
            try await session.expect("the message", 250)
            _ = try? await session.command("QUIT", named: "QUIT", expecting: 221)
        }
    }

    /// SNI carries names only; a server reached by its address is checked against that address.
    static func sniName(_ host: String) -> String? {
        host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
    }

    /// The message with every line that starts with a dot given a second one, ended by `CRLF.CRLF`.
    static func dotStuffed(_ message: Data) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(message.count + 64)
        var atLineStart = true
        for byte in message {
            if atLineStart, byte == UInt8(ascii: ".") { buffer.writeInteger(UInt8(ascii: ".")) }
            buffer.writeInteger(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
        if !atLineStart { buffer.writeString("\r\n") }
        buffer.writeString(".\r\n")
        return buffer
    }
}
