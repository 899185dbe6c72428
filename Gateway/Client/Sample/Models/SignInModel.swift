import Foundation
import Observation
import RoamClient

/// The sign-in screen: a username or email and a password, and why the gateway refused them.
@available(iOS 17, macOS 14, *)
@Observable @MainActor
public final class SignInModel {
    public var identifier = ""
    public var password = ""
    public private(set) var refusal: String?
    public private(set) var isWorking = false
    let session: RoamSession

    public init(session: RoamSession) {
        self.session = session
    }

    public func signIn() async {
        isWorking = true
        defer { isWorking = false }
        do {
            try await session.logIn(.init(identifier: identifier, password: password))
            refusal = nil
        } catch let error where error.roamProblem?.reason == .invalidCredentials {
            refusal = "That username or password is not right."
        } catch let error where error.roamProblem?.reason == .tooManyAttempts {
            refusal = "Too many tries: wait a moment."
        } catch {
            refusal = error.roamProblem?.detail ?? "The server cannot be reached."
        }
    }
}
