import Budget
import RoamRuntime

// roam-budget: budgets, expenses and rates per trip. Configuration: see README.md.
try await ServiceMain.run("roam-budget", migrator: BudgetMigrations.migrator) {
    try await BudgetApp.run(environment: .process)
}
