import RoamCore
import Testing

@testable import Accounts

/// Sign-up, password change and reset refuse the passwords breaches show most often, whatever their
/// case, and nothing else of a long enough length.
@Suite struct BreachedPasswordsTests {
    static func refusal(_ password: String) -> String? {
        var validation = Validation()
        AccountRules.checkPassword(password, field: "password", into: &validation)
        return validation.violations.first?.description
    }

    @Test(arguments: ["password123", "qwertyuiop", "iloveyou1", "PassWord1234", "1q2w3e4r5t6y", "football1", "Liverpool1"])
    func aBreachedPasswordIsRefusedWhateverItsCase(_ password: String) {
        #expect(Self.refusal(password) == "is too common; choose a less guessable password")
    }

    @Test(arguments: ["correct horse battery", "tiles of Rossio at dusk", "kanelbulle-i-parken"])
    func anUncommonPasswordPasses(_ password: String) {
        #expect(Self.refusal(password) == nil)
    }

}
