import ShellTestSupport
import Testing

@testable import StormrangeShell


@Suite struct SessionRecordingTests {
  @Test func thePromptSummarisesAfterEachMeasurement() {
    let test = approachingStorm(mode: .interactive)
    test.runAll(["add 14 at 2026-07-01T15:56:00Z"])
    #expect(
      test.output.take()
        == "#5  4.81 km  (delay 14.00 s), dated 15:56:00 local, under a minute ago\n  ± 0.15 km · steady, closing at 16 ± 15 km/h · centre within 10 km · shelter now, lightning within 10 km\n"
    )
  }

  @Test func aBatchPrintsOnlyTheConfirmation() {
    let test = approachingStorm()
    test.runAll(["add 14 at 2026-07-01T15:56:00Z"])
    #expect(test.output.take() == "#5  4.81 km  (delay 14.00 s), dated 15:56:00 local, under a minute ago\n")
  }
}
