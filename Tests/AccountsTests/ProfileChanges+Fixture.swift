import Foundation
import RoamCore

@testable import Accounts

extension ProfileChanges {
    /// What a test leaves out, as a client would leave it out: `ProfileChanges.init` itself takes every field,
    /// so a field an adapter forgets does not compile.
    static func fixture(
        displayName: String? = nil, bio: String? = nil, phone: String? = nil, avatarMediaID: UUID?? = nil, givenName: String? = nil,
        familyName: String? = nil, language: String? = nil
    ) -> Self {
        Self(
            displayName: displayName, bio: bio, phone: phone, avatarMediaID: avatarMediaID, givenName: givenName, familyName: familyName,
            language: language)
    }
}
