import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts

/// Every field of an account's messages through accounts' adapter into the store and back: a sign-up
/// and a profile edit with every field set (`ProtoFill`, from the descriptors), read back from the store
/// with no field unset but what a new account cannot have yet and each sent field as sent, and an edit
/// of none changing nothing.
@Suite struct AccountsProtoRoundTripTests {
    @Test(arguments: StoreKind.allCases)
    func anAccountWithEveryFieldSetComesBackWhole(store: StoreKind) async throws {
        var policy = AccountPolicy()
        policy.termsVersion = "2026-11"
        try await AccountsHarness.run(store: store, policy: policy) { client, _ in
            let signUp = try ProtoFill.every(
                Roam_Accounts_V1_SignUpRequest.self,
                values: [
                    "email": "every.field@example.com", "username": "every_field", "password": "correct horse battery", "display_name": "Every",
                    "terms_version": "2026-11", "language": "sv-SE",
                ])
            let signedUp = try await client.signUp(signUp)
            // A sign-up takes no bio, phone, avatar or names; nobody follows a new account, its address is
            // not verified yet and its username never changed.
            #expect(
                ProtoFill.unsetFields(of: signedUp.account) == [
                    "email_verified", "profile.bio", "profile.phone", "profile.avatar_media_id", "profile.follower_count",
                    "profile.following_count", "profile.followed_by_me", "profile.follows_me", "profile.given_name", "profile.family_name",
                    "username_changed_at",
                ])
            #expect(ProtoFill.unsetFields(of: signedUp.tokens).isEmpty && !signedUp.deviceToken.isEmpty)
            #expect(ProtoFill.differences(sent: signUp, received: signedUp.account).isEmpty)
            #expect(signedUp.account.profile.username == signUp.username && signedUp.account.profile.displayName == signUp.displayName)
            let metadata = AccountsHarness.bearer(signedUp.tokens.accessToken)
            let session = try await client.listSessions(.init(), metadata: metadata).sessions.first
            #expect(session?.device == signUp.device, "the device a sign-up names is kept with its session")

            let update = try ProtoFill.every(
                Roam_Accounts_V1_UpdateMyProfileRequest.self, variant: 2, values: ["phone": "+46701234567", "language": "pt-BR"])
            _ = try await client.updateMyProfile(update, metadata: metadata)
            let read = try await client.getMyProfile(.init(), metadata: metadata).account
            let relations = ["profile.follower_count", "profile.following_count", "profile.followed_by_me", "profile.follows_me"]
            #expect(ProtoFill.unsetFields(of: read) == ["email_verified"] + relations + ["username_changed_at"])
            #expect(ProtoFill.differences(sent: update, received: read.profile).isEmpty)
            #expect(read.language == "pt-BR")
            _ = try await client.updateMyProfile(.init(), metadata: metadata)
            #expect(try await client.getMyProfile(.init(), metadata: metadata).account == read, "an edit that sends nothing changes nothing")
        }
    }
}
