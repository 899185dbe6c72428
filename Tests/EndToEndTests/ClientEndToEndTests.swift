import Testing

/// RoamClient against every service as real processes (`EveryService`), one test at a time: each test
/// starts a whole stack, and several at once beside the rest of the suite leave a two-core machine too
/// little. The tests live in their own files, as extensions: writes made offline, a trip diary with
/// its notifications, the event chat, and the README's steps.
@Suite(.serialized, .timeLimit(.minutes(3))) struct ClientEndToEndTests {}
