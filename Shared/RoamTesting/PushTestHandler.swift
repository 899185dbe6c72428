import Foundation
import NIOCore
import NIOHTTP1

/// One HTTP/2 stream of a `PushTestServer`: the request gathered, then the server's answer.
final class PushTestHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: PushTestServer
    private var head: HTTPRequestHead?
    private var body = Data()

    init(server: PushTestServer) {
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body(let buffer): body.append(contentsOf: buffer.readableBytesView)
        case .end:
            guard let head else { return }
            var headers: [String: String] = [:]
            for (name, value) in head.headers { headers[name.lowercased()] = value }
            let answer = server.handle(PushTestRequest(method: head.method.rawValue, path: head.uri, headers: headers, body: body))
            var responseHeaders = HTTPHeaders(answer.headers.map { ($0.key, $0.value) })
            responseHeaders.add(name: "content-length", value: String(answer.body.utf8.count))
            context.write(
                wrapOutboundOut(
                    .head(HTTPResponseHead(version: head.version, status: HTTPResponseStatus(statusCode: answer.status), headers: responseHeaders))),
                promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: answer.body)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
