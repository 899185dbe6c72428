import RoamTesting
import Testing

/// Stops the processes one after another (SIGTERM) and expects each to exit with status 0; a failure
/// shows the status and the process's last output.
func expectCleanStops(_ processes: LaunchedProcess..., sourceLocation: SourceLocation = #_sourceLocation) async {
    await expectCleanStops(processes, sourceLocation: sourceLocation)
}

func expectCleanStops(_ processes: [LaunchedProcess], sourceLocation: SourceLocation = #_sourceLocation) async {
    for process in processes {
        let status = await process.stopStatus()
        #expect(status == "exited with status 0", sourceLocation: sourceLocation)
    }
}
