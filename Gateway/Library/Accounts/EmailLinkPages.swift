import Foundation
import GRPCCore
import Hummingbird
import RoamProto
import RoamRuntime

/// The pages the emailed links open (`EMAIL_LINK_BASE_URL` pointing at the gateway, the default): a
/// button that confirms the address, a form that sets a new password. Opening a link changes nothing
/// (mail scanners open links too); the page's form does, with the token it carries. Apps that open the
/// links themselves (universal links) call `POST /v1/auth/verify-email` and `…/password-reset/confirm`.
struct EmailLinkPages<Transport: ClientTransport>: Sendable {
    let accounts: AccountsCaller<Transport>

    func register(in table: RouteTable) {
        table.add(.get, "/verify-email") { request, _ in
            let token = FormQuery(request.uri.query)["token"] ?? ""
            // The page names the account that asks, so nobody confirms an address for someone else's.
            let link: Roam_Accounts_V1_DescribeEmailLinkResponse
            do {
                link = try await accounts.call { client, options in
                    try await client.describeEmailLink(.with { $0.token = token }, options: options)
                }
            } catch let error where Self.isRefusedLink(error) {
                return Self.page("This link does not work", "<p>\(Self.escaped(Self.reason(error)))</p>", status: .badRequest)
            }
            let (account, address) = (Self.escaped("@" + link.username), Self.escaped(link.email))
            let question =
                link.change
                ? "<p>The account <b>\(account)</b> asks to use <b>\(address)</b> as its address.</p>"
                    + "<p>Confirm only if \(account) is your account. If it is not, close this page: nothing changes.</p>"
                : "<p>Confirm that <b>\(address)</b> is the address of your account <b>\(account)</b>.</p>"
            return Self.page(
                link.change ? "Use this address for \(account)?" : "Confirm your email address",
                """
                \(question)
                <form method="post" action="/verify-email">
                <input type="hidden" name="token" value="\(Self.escaped(token))">
                <button type="submit">\(link.change ? "Use this address for \(account)" : "Confirm this address")</button>
                </form>
                """)
        }
        table.add(.post, "/verify-email") { request, _ in
            let form = try await Self.form(of: request)
            do {
                _ = try await accounts.call { client, options in
                    try await client.verifyEmail(.with { $0.token = form["token"] ?? "" }, options: options)
                }
                return Self.page("Address confirmed", "<p>Your email address is confirmed. You can close this page.</p>")
            } catch {
                return Self.page("This link does not work", "<p>\(Self.escaped(Self.reason(error)))</p>", status: .badRequest)
            }
        }
        table.add(.get, "/reset-password") { request, _ in
            let token = FormQuery(request.uri.query)["token"] ?? ""
            return Self.page("Choose a new password", Self.passwordForm(token: token))
        }
        table.add(.post, "/reset-password") { request, _ in
            let form = try await Self.form(of: request)
            let token = form["token"] ?? ""
            do {
                _ = try await accounts.call { client, options in
                    try await client.resetPassword(
                        .with {
                            $0.token = token
                            $0.newPassword = form["newPassword"] ?? ""
                        }, options: options)
                }
                return Self.page("Password changed", "<p>Your password is changed and every device was signed out. Sign in again in the app.</p>")
            } catch {
                return Self.page(
                    "Choose a new password", "<p class=\"error\">\(Self.escaped(Self.reason(error)))</p>" + Self.passwordForm(token: token),
                    status: .badRequest)
            }
        }
    }

    static func passwordForm(token: String) -> String {
        """
        <form method="post" action="/reset-password">
        <input type="hidden" name="token" value="\(escaped(token))">
        <label>New password <input type="password" name="newPassword" autocomplete="new-password" minlength="8" required></label>
        <button type="submit">Set the new password</button>
        </form>
        """
    }

    /// A link accounts does not know (used, expired, made up): a page says so. Anything else (accounts
    /// away) is answered as any request is, with its problem document.
    static func isRefusedLink(_ error: any Error) -> Bool {
        let refusal = (error as? RPCError).map(RoamError.init) ?? (error as? RoamError) ?? RoamError.internal
        return refusal.kind == .notFound || refusal.kind == .invalidArgument
    }

    /// The refusal in words a person reads: the field's description, else the message.
    static func reason(_ error: any Error) -> String {
        let refusal = (error as? RPCError).map(RoamError.init) ?? (error as? RoamError) ?? RoamError.internal
        let expired = "The link has expired or was used already; ask for a new one in the app."
        if let violation = refusal.violations.first {
            return violation.field.lowercased().contains("password") ? "The new password \(violation.description)." : expired
        }
        return refusal.kind == .notFound ? expired : refusal.message
    }

    /// A form's fields (`application/x-www-form-urlencoded`, at most 4 KiB).
    static func form(of request: Request) async throws -> FormQuery {
        let body = try await request.body.collect(upTo: 4_096)
        return FormQuery(String(buffer: body))
    }

    static func page(_ title: String, _ content: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        // The token is in the address: never sent on, the page never framed, nothing loaded from elsewhere.
        headers[.init("Referrer-Policy")!] = "no-referrer"
        headers[.init("X-Frame-Options")!] = "DENY"
        headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"
        headers[.cacheControl] = "no-store"
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped(title))</title>
            <style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5}
            input,button{font:inherit;display:block;margin:.5rem 0;padding:.5rem;width:100%;box-sizing:border-box}.error{color:#b00020}</style>
            </head><body><h1>\(escaped(title))</h1>
            \(content)
            </body></html>
            """
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
