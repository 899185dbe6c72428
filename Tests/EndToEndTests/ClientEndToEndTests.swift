import Testing

/// RoamClient against every service as real processes: one stack (`EveryService`, two gateways), the
/// scenarios one after another on it, since each stack started beside the rest of the suite costs a
/// two-core machine dearly (and the stack waits for the fault and security suites' turns, which the
/// time limit counts). Each scenario lives in its own file, as an extension: writes made offline, a
/// trip diary with its notifications, the event chat, the README's steps, and a session watched.
@Suite(.timeLimit(.minutes(10))) struct ClientEndToEndTests {
    @Test func theClientAgainstEveryService() async throws {
        try await EveryService.run(gateways: 2) { everything in
            try await Self.writesMadeWhileTheGatewayIsDownLandOnceEachWhenItIsBackAfterTheAppRelaunched(everything)
            try await Self.aTripDiaryWrittenWithTheClientAndItsNotificationsAcrossTheGatewaysRestart(everything)
            try await Self.aChatReadAcrossTheGatewaysRestartLosesAndRepeatsNothingAndEndsWithTheEvent(everything)
            try await Self.theReadmesClientStepsAreThisTestAndRunAgainstTheStack(everything)
            try await Self.theSessionStreamReportsASessionEndedElsewhereWithinASecond(everything)
            try await Self.photosAndEditsMadeWithTheGatewayStoppedLandOnceEachInOrderAfterARelaunch(everything)
            try await Self.readsMadeOnlineAreAnsweredFromTheCacheWhileTheGatewayIsDown(everything)
            try await Self.theSampleAppsViewModelsSignInListAndKeepATripMadeOffline(everything)
        }
    }
}
