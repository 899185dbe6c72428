import Foundation

public enum OneTimeTokenPurpose: String, Sendable {
    case verifyEmail = "verify_email"
    case resetPassword = "reset_password"
    case changeEmail = "change_email"
}
