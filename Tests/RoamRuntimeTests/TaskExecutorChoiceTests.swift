import Testing

@testable import RoamRuntime

@Suite struct TaskExecutorChoiceTests {
    @Test func tasksRunOnSwiftsPoolUnlessTheEventLoopsAreAskedFor() throws {
        #expect(try TaskExecutorChoice(environment: Environment([:])) == .pool)
        #expect(try TaskExecutorChoice(environment: Environment(["TASK_EXECUTOR": "pool"])) == .pool)
        #expect(try TaskExecutorChoice(environment: Environment(["TASK_EXECUTOR": "event-loops"])) == .eventLoops)
        #expect(!TaskExecutorChoice.pool.install(), "the pool is Swift's own: nothing is installed")
    }

    @Test func anUnknownExecutorIsRefusedByName() {
        #expect {
            try TaskExecutorChoice(environment: Environment(["TASK_EXECUTOR": "threads"]))
        } throws: { error in
            "\(error)".contains("TASK_EXECUTOR") && "\(error)".contains("event-loops, pool")
        }
    }
}
