import RoamHTTP2
import Testing

/// `grpc-timeout` as a client sends it: one to eight digits and a unit. Anything else is no limit, as
/// grpc-swift reads it, so a malformed header never fails a call, and a huge one never traps.
@Suite struct GRPCTimeoutTests {
    @Test(arguments: [
        ("2H", Duration.seconds(7200)), ("3M", .seconds(180)), ("10S", .seconds(10)), ("250m", .milliseconds(250)),
        ("7u", .microseconds(7)), ("1n", .nanoseconds(1)), ("0S", .zero), ("99999999H", .seconds(99_999_999 * 3600)),
    ])
    func readsEachUnit(text: String, duration: Duration) {
        #expect(GRPCTimeout.duration(text) == duration)
    }

    @Test(arguments: ["", "5", "S", "abc", "-5S", "+5S", "5s", "1.5S", "5 S", "123456789S", "9999999999999999H", "٣S"])
    func malformedIsNoLimit(text: String) {
        #expect(GRPCTimeout.duration(text) == nil)
    }

    @Test(arguments: [
        (Duration.milliseconds(50), "50000000n"), (.seconds(5), "5000000u"), (.milliseconds(4_999) + .nanoseconds(1), "4999001u"),
        (.seconds(3600), "3600000m"), (.seconds(200_000), "200000S"), (.zero, "0n"), (.seconds(-3), "0n"),
    ])
    func writesTheFinestUnitThatFitsRoundedUp(duration: Duration, text: String) {
        #expect(GRPCTimeout.value(duration) == text)
        let read = GRPCTimeout.duration(text)
        #expect(read.map { $0 >= duration } == true, "never shorter than the limit it stands for")
    }
}
