import Foundation
import HTTPTypes
import Hummingbird

/// The API reference at `/docs`: Swagger UI over `/openapi.json`, all from the gateway itself, so an
/// app developer can read and try the API against the running deployment.
struct DocsRoutes: Sendable {
    let assets: DocsAssets?

    /// Versioned paths, so a browser may keep the files for good and an upgrade still reaches it.
    static let base = "/docs/\(DocsAssets.version)"

    func register(in table: RouteTable) {
        table.addPage(.get, "/docs") { _, _ in
            guard assets != nil else {
                return Self.response(
                    ByteBuffer(string: "The API reference's files are not installed beside the gateway; the contract is at /openapi.json.\n"),
                    type: "text/plain; charset=utf-8", status: .notFound, cache: "no-store")
            }
            return Self.response(ByteBuffer(string: Self.page), type: "text/html; charset=utf-8", cache: "no-cache")
        }
        guard let assets else { return }
        table.addPage(.get, "\(Self.base)/swagger-ui-bundle.js") { _, _ in
            Self.response(assets.script, type: "text/javascript; charset=utf-8")
        }
        table.addPage(.get, "\(Self.base)/swagger-ui.css") { _, _ in
            Self.response(assets.stylesheet, type: "text/css; charset=utf-8")
        }
        table.addPage(.get, "\(Self.base)/LICENSE") { _, _ in
            Self.response(assets.licence, type: "text/plain; charset=utf-8")
        }
        table.addPage(.get, "\(Self.base)/start.js") { _, _ in
            Self.response(ByteBuffer(string: Self.start), type: "text/javascript; charset=utf-8")
        }
    }

    static let page = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Roam API reference</title>
        <link rel="stylesheet" href="\(base)/swagger-ui.css">
        </head><body>
        <div id="swagger-ui"></div>
        <p style="font:small system-ui,sans-serif;margin:1rem">Swagger UI \(DocsAssets.version), <a href="\(base)/LICENSE">Apache License 2.0</a>.
        The contract itself: <a href="/openapi.json">/openapi.json</a>.</p>
        <script src="\(base)/swagger-ui-bundle.js"></script>
        <script src="\(base)/start.js"></script>
        </body></html>
        """

    /// Swagger UI's start, as a file: the page's CSP allows no inline script.
    static let start = """
        "use strict";
        window.ui = SwaggerUIBundle({
          url: "/openapi.json",
          dom_id: "#swagger-ui",
          deepLinking: true,
          presets: [SwaggerUIBundle.presets.apis],
          layout: "BaseLayout",
          displayOperationId: true,
          persistAuthorization: false
        });
        """

    static func response(
        _ body: ByteBuffer, type: String, status: HTTPResponse.Status = .ok, cache: String = "public, max-age=31536000, immutable"
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = cache
        // Swagger UI sets style attributes and draws with data: images; it calls only this origin.
        headers[.contentSecurityPolicy] =
            "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        headers[.init("Referrer-Policy")!] = "no-referrer"
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }
}
