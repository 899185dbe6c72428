import Moderation
import RoamRuntime

// roam-moderation: the one reports queue, moderators' actions and the audit log.
// Configuration: see README.md.
try await ServiceMain.run("roam-moderation", migrator: ModerationMigrations.migrator) {
    try await ModerationApp.run(environment: .process)
}
