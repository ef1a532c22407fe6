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

  @Test func theSourceAS3935ImpliesItsKindInAnyCase() {
    #expect(DetectorSource("AS3935")?.kind == .as3935)
    #expect(DetectorSource("as3935x")?.kind == .generic)
    #expect(DetectorSource("FineOffset-WH31L-67016")?.kind == .generic)
  }

  @Test func aKindGivenIsKeptWhateverTheName() {
    #expect(DetectorSource("FineOffset-WH31L-67016", kind: .as3935)?.kind == .as3935)
    #expect(DetectorSource("porch", kind: .generic)?.kind == .generic)
  }

  @Test func theRulesRefuseAKindThatContradictsTheSourceAS3935() throws {
    #expect(throws: MeasurementError.kindContradictsSource(source: "As3935", kind: .generic)) {
      try MeasurementRules.detector("As3935", typedKind: "GENERIC")
    }
    #expect(throws: MeasurementError.kindInvalid(typed: "franklin")) {
      try MeasurementRules.detector("porch", typedKind: "franklin")
    }
    #expect(try MeasurementRules.detector("porch", typedKind: "AS3935").kind == .as3935)
    #expect(try MeasurementRules.detector("as3935", typedKind: "as3935").kind == .as3935)
    #expect(try MeasurementRules.detector("porch", typedKind: nil).kind == .generic)
  }
}
