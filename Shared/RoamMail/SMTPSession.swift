import Foundation
import NIOCore

/// The commands and replies of one SMTP connection, in order.
struct SMTPSession {
    var replies: NIOAsyncChannelInboundStream<SMTPReply>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

    /// The next reply, which must have one of `codes`.
    @discardableResult
    mutating func expect(_ what: String, _ codes: Int...) async throws -> SMTPReply {
        guard let reply = try await replies.next() else { throw SMTPError.connectionClosed }
        guard codes.contains(reply.code) else { throw SMTPError.refused(command: what, reply: reply) }
        return reply
    }

    /// Sends `line` and waits for its reply; `name` is what errors call it (a password never appears).
    @discardableResult
    mutating func command(_ line: String, named name: String, expecting codes: Int...) async throws -> SMTPReply {
        try await outbound.write(ByteBuffer(string: line + "\r\n"))
        guard let reply = try await replies.next() else { throw SMTPError.connectionClosed }
        guard codes.contains(reply.code) else { throw SMTPError.refused(command: name, reply: reply) }
        return reply
    }

    func write(_ buffer: ByteBuffer) async throws {
        try await outbound.write(buffer)
    }

    /// AUTH PLAIN when offered, LOGIN otherwise.
    mutating func authenticate(username: String, password: String, capabilities: [String]) async throws {
        let offered =
            capabilities.first { $0.uppercased().hasPrefix("AUTH ") || $0.uppercased().hasPrefix("AUTH=") }?
            .dropFirst(5).uppercased().split(separator: " ").map(String.init) ?? []
        if offered.contains("PLAIN") {
            let credentials = Data("\0\(username)\0\(password)".utf8).base64EncodedString()
            try await command("AUTH PLAIN \(credentials)", named: "AUTH PLAIN", expecting: 235)
        } else if offered.contains("LOGIN") {
            try await command("AUTH LOGIN", named: "AUTH LOGIN", expecting: 334)
            try await command(Data(username.utf8).base64EncodedString(), named: "AUTH LOGIN (user)", expecting: 334)
            try await command(Data(password.utf8).base64EncodedString(), named: "AUTH LOGIN (password)", expecting: 235)
        } else {
            throw SMTPError.noAuthMechanism(offered: offered.joined(separator: " "))
        }
    }
}
