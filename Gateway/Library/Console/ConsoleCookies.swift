import Foundation
import Hummingbird

/// The console's two cookies: the sealed session, and the sign-in form's secret (so even the sign-in
/// form carries a CSRF token). Both `HttpOnly` and `SameSite=Strict`; `Secure` (and the `__Host-`
/// prefix, which browsers only accept over HTTPS for the whole site) outside development.
struct ConsoleCookies: Sendable {
    let secure: Bool

    var sessionName: String { secure ? "__Host-roam_console" : "roam_console" }
    var signInName: String { secure ? "__Host-roam_console_sign_in" : "roam_console_sign_in" }

    func session(_ value: String) -> String { cookie(sessionName, value) }
    func signIn(_ value: String) -> String { cookie(signInName, value, maxAge: 3600) }
    var endedSession: String { cookie(sessionName, "", maxAge: 0) }
    var endedSignIn: String { cookie(signInName, "", maxAge: 0) }

    /// A session cookie (no `Max-Age`): it ends with the browser, and the session inside it after
    /// `ConsoleSession.lifetime` whatever the browser does.
    private func cookie(_ name: String, _ value: String, maxAge: Int? = nil) -> String {
        var parts = ["\(name)=\(value)", "Path=/", "HttpOnly", "SameSite=Strict"]
        if secure { parts.append("Secure") }
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        return parts.joined(separator: "; ")
    }

    /// A cookie's value from the request's `Cookie` headers.
    static func value(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }
}
