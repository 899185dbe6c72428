import Budget
import Foundation
import RoamRuntime

// roam-budget: budgets, expenses and rates per trip. Configuration: see README.md.
do {
    try await BudgetApp.run(environment: .process)
} catch let error as ConfigurationError {
    print("roam-budget: \(error)")
    exit(2)
}
