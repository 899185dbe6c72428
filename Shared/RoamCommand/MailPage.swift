import Foundation
import Hummingbird

/// `roam up`'s mail page (what Supabase's local Inbucket is): every mail accounts writes in development
/// (`MAIL_DIRECTORY`), newest first, readable in a browser, its links clickable.
enum MailPage {
    static let port = 8025

    static func application(folder: String) -> some ApplicationProtocol {
        let router = Router()
        router.get("/") { _, _ in page(listing(folder)) }
        router.get("/mails/:name") { _, context -> Response in
            let name = try context.parameters.require("name")
            guard name.hasSuffix(".eml"), !name.contains("/"), let mail = read(folder, name) else { return Response(status: .notFound) }
            return html(mail["html"] ?? "")
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
    }

    /// Every mail's file name and summary, newest first.
    static func listing(_ folder: String) -> [(name: String, mail: [String: String])] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".eml") && !$0.hasPrefix(".") }
        return names.sorted(by: >).compactMap { name in read(folder, name).map { (name, $0) } }
    }

    static func read(_ folder: String, _ name: String) -> [String: String]? {
        guard let data = FileManager.default.contents(atPath: "\(folder)/\(name).json") else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: String]
    }

    static func page(_ mails: [(name: String, mail: [String: String])]) -> Response {
        let rows = mails.map { name, mail in
            """
            <tr><td>\(escaped(mail["date"] ?? ""))</td><td>\(escaped(mail["to"] ?? ""))</td>\
            <td><a href="/mails/\(escaped(name))">\(escaped(mail["subject"] ?? ""))</a></td></tr>
            <tr><td></td><td colspan="2"><pre>\(escaped(mail["text"] ?? ""))</pre></td></tr>
            """
        }
        return html(
            """
            <!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Roam mail (development)</title>
            <style>body{font-family:sans-serif;margin:24px}td{padding:4px 12px;vertical-align:top}pre{white-space:pre-wrap;margin:0}</style></head>
            <body><h1>Mail sent by roam up</h1><p>Development only: what accounts would have mailed. Newest first; refreshes every 5 s.</p>
            <table>\(rows.isEmpty ? "<tr><td>No mail yet: sign up through the API.</td></tr>" : rows.joined())</table></body></html>
            """)
    }

    static func html(_ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
