import Accounts
import Foundation
import RoamRuntime

/// `roam keys prepare|promote|retire|show [FILE]`: rotates accounts' signing key with an overlap, in
/// the key file accounts reads (`ACCOUNTS_SIGNING_KEY_FILE`, or FILE). After each step, restart the
/// accounts replicas one by one; wait `KEYS_REFRESH_INTERVAL` after `prepare` (every verifier then
/// knows the new key) and the access-token lifetime after `promote` (every old token has expired)
/// before the next step.
enum KeysCommand {
    static func run(_ step: String, file: String) throws -> String {
        let keyring = try SigningKey.load(from: .file(path: file))
        let changed: SigningKeyring
        switch step {
        case "prepare": changed = try keyring.preparing()
        case "promote": changed = try keyring.promotingPrepared()
        case "retire": changed = keyring.retiringOthers()
        case "show": return describe(keyring)
        default: throw RoamCommandError("expected prepare, promote, retire or show, got \(step)")
        }
        try SigningKey.save(changed, to: file)
        return describe(changed)
    }

    static func describe(_ keyring: SigningKeyring) -> String {
        (["\(keyring.signing.keyID)  signs"] + keyring.retiring.map { "\($0.keyID)  is published until its tokens have expired (then retire)" }
            + (keyring.prepared.map { ["\($0.keyID)  is prepared: published, signs once promoted"] } ?? [])).joined(separator: "\n")
    }
}
