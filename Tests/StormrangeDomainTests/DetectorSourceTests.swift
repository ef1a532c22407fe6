import Testing

@testable import StormrangeDomain

@Suite struct DetectorSourceTests {
  @Test(arguments: ["as3935", "AS3935", "a", "porch-sensor.2_b", String(repeating: "x", count: 32)])
  func lettersDigitsAndDashUnderscoreDotUpTo32(name: String) {
    #expect(DetectorSource(name)?.name == name)
  }

  @Test(arguments: [
    "", String(repeating: "x", count: 33), "two words", "née", "a/b", "a\u{1B}", "a,b", "a\"b",
  ])
  func anythingElseIsRefused(name: String) {
    #expect(DetectorSource(name) == nil)
  }

  @Test func theAS3935IsRecognisedInAnyCase() {
    #expect(DetectorSource("AS3935")?.isAS3935 == true)
    #expect(DetectorSource("as3935x")?.isAS3935 == false)
  }
}
