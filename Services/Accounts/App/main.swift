import Accounts
import RoamRuntime

// roam-accounts: users, sessions, profiles, follows and blocks. Configuration: see README.md.
try await ServiceMain.run("roam-accounts", migrator: AccountsMigrations.migrator) {
    try await AccountsApp.run(environment: .process)
}
