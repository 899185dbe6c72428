import Accounts
import Foundation
import RoamRuntime

// roam-accounts: users, sessions, profiles, follows and blocks. Configuration: see README.md.
do {
    try await AccountsApp.run(environment: .process)
} catch let error as ConfigurationError {
    print("roam-accounts: \(error)")
    exit(2)
}
