import AccountsTesting
import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts

/// A profile's avatar is attached through media, which refuses pictures that are not the user's.
@Suite struct AvatarAttachmentTests {
    @Test func anAvatarMustBeTheUsersOwnAndTheOldOneIsLetGo() async throws {
        let media = InMemoryMediaAttachments()
        let signingKey = SigningKey(privateKey: .init())
        let accounts = try await Repositories(memory: InMemoryAccountsStore())
            .service(
                hasher: AccountsHarness.fastHasher, signer: JWTAccessTokenSigner(signingKey: signingKey),
                policy: AccountPolicy(), media: media)
        let (profile, _) = try await accounts.signUp(
            SignUpForm(
                email: "ana@example.com", username: "ana", password: "correct horse battery",
                displayName: "Ana"), device: DeviceInfo(), clientAddress: "127.0.0.1")
        let ana = AuthenticatedUser(id: profile.user.id, sessionID: nil, emailVerified: false)
        let (first, second, someoneElses) = (media.upload(for: ana.id), media.upload(for: ana.id), media.upload(for: UUID()))
        let subject = "avatar/\(ana.id.lowercasedString)"

        let refused = await #expect(throws: RoamError.self) {
            _ = try await accounts.updateProfile(of: ana, ProfileChanges.fixture(avatarMediaID: .some(someoneElses)))
        }
        #expect(refused?.reason == "MEDIA_NOT_YOURS" && refused?.violations.map(\.field) == ["avatar_media_id"])
        #expect(try await accounts.myProfile(ana).user.profile.avatarMediaID == nil)

        _ = try await accounts.updateProfile(of: ana, ProfileChanges.fixture(avatarMediaID: .some(first)))
        #expect(media.subjects(of: first) == [subject])
        _ = try await accounts.updateProfile(of: ana, ProfileChanges.fixture(avatarMediaID: .some(second)))
        #expect(media.subjects(of: first).isEmpty && media.subjects(of: second) == [subject])
        _ = try await accounts.updateProfile(of: ana, ProfileChanges.fixture(avatarMediaID: .some(nil)))
        #expect(media.subjects(of: second).isEmpty)
    }
}
