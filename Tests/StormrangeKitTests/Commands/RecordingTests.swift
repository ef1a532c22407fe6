import Testing

@testable import StormrangeKit

@Suite struct RecordingTests {
  @Test func thePromptSummarisesAfterEachMeasurement() {
    let test = approachingStorm(mode: .interactive)
    test.runAll(["add 14 at 2026-07-01T15:56:00Z"])
    let lines = test.output.take().split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("#5  4.81 km"))
    #expect(lines[1] == "  ± 0.15 km · approaching at 30 km/h · take shelter now")
  }

  @Test func aBatchPrintsOnlyTheConfirmation() {
    let test = approachingStorm()
    test.runAll(["add 14 at 2026-07-01T15:56:00Z"])
    #expect(test.output.take().split(separator: "\n").count == 1)
  }
}
