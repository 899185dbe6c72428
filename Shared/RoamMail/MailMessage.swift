import Foundation

/// A message as it goes to the server: multipart plain text and HTML, UTF-8, with the headers mail
/// providers expect of a legitimate sender (RFC 5322, RFC 2045–2047, RFC 3834).
public struct MailMessage: Sendable, Equatable {
    public var from: MailboxAddress
    public var to: String
    public var subject: String
    public var text: String
    public var html: String
    public var messageID: String
    public var date: Date

    public init(from: MailboxAddress, to: String, subject: String, text: String, html: String, messageID: String, date: Date) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.messageID = messageID
        self.date = date
    }

    /// The message in the wire form, lines ended by CRLF.
    public func rendered() -> Data {
        let boundary = "roam-\(messageID.prefix(36))"
        let fromHeader = from.name.isEmpty ? "<\(from.address)>" : "\(Self.encodedWord(from.name, quotingIfASCII: true)) <\(from.address)>"
        var lines = [
            "From: \(fromHeader)",
            "To: <\(to)>",
            "Subject: \(Self.encodedWord(subject, quotingIfASCII: false))",
            "Date: \(Self.rfc5322Date(date))",
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            // Vacation responders and other robots must not answer an automatic message.
            "Auto-Submitted: auto-generated",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
        ]
        for (type, body) in [("text/plain", text), ("text/html", html)] {
            lines += [
                "--\(boundary)",
                "Content-Type: \(type); charset=utf-8",
                "Content-Transfer-Encoding: base64",
                "",
            ]
            lines += Self.base64Lines(body)
        }
        lines.append("--\(boundary)--")
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// RFC 2047 `=?UTF-8?B?…?=` when the text is not plain ASCII (or would need quoting as a name).
    static func encodedWord(_ text: String, quotingIfASCII: Bool) -> String {
        let plain = text.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }
        if plain {
            guard quotingIfASCII else { return text }
            return "\"\(text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""
        }
        // One encoded word holds at most 75 characters: 45 bytes of UTF-8 per word, cut between characters.
        var words: [String] = []
        var chunk = Data()
        for character in text {
            let bytes = Data(String(character).utf8)
            if chunk.count + bytes.count > 45 {
                words.append("=?UTF-8?B?\(chunk.base64EncodedString())?=")
                chunk = Data()
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?\(chunk.base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }

    static func base64Lines(_ text: String) -> [String] {
        let encoded = Data(text.utf8).base64EncodedString()
        return stride(from: 0, to: encoded.count, by: 76).map { start in
            let from = encoded.index(encoded.startIndex, offsetBy: start)
            return String(encoded[from..<(encoded.index(from, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex)])
        }
    }

    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
