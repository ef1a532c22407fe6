import Testing

@testable import StormrangePropertyList

/// The `<real>` conversion against the standard library's `Double(_:)`, which it calls for all but
/// the texts its integer fast path computes exactly.
@Suite struct PropertyListRealTests {
  private func parse(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { PropertyListReal.parse($0) }
  }

  private func expectSameAsStandardLibrary(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
  {
    guard let expected = Double(text) else {
      Issue.record("the standard library rejects \(text)", sourceLocation: sourceLocation)
      return
    }
    let parsed = parse(text)
    #expect(parsed?.bitPattern == expected.bitPattern, "\(text)", sourceLocation: sourceLocation)
  }

  @Test func hardCases() {
    let cases = [
      "9007199254740993", "9007199254740992.5", "9007199254740993.0000000001", "2.2250738585072012e-308",
      "2.2250738585072011e-308", "2.2250738585072014e-308", "1.7976931348623157e308",
      "1.7976931348623158e308",
      "1.7976931348623159e308", "4.9406564584124654e-324", "2.4703282292062327e-324",
      "2.4703282292062328e-324",
      "7.2057594037927933e16", "0.1", "0.2", "0.3", "1e23", "8.41e21", "5e-324", "1e-324", "1e308", "1e309",
      "123456789012345678901234567890", "0.000000000000000000000000000001", "3.0e-5", "1448997445238699",
      "8.988465674311579e307",
      "89884656743115795386465259539451236680898848947115328636715040578866337902750481566354238661203768010560056939935696678829394884407208311246423715319737062188883946712432742638151109800623047059726541476042502884419075341171231440736956555270413618581675255342293149119973622969239858152417678164812112068608",
      "1.00000000000000011102230246251565404236316680908203125",
      "1.00000000000000011102230246251565404236316680908203124",
      "1.00000000000000011102230246251565404236316680908203126", "17976931348623157e292", "-0", "0e999999999",
      "1e-99999", "1e99999",
    ]
    for text in cases {
      expectSameAsStandardLibrary(text)
    }
  }

  @Test func theFastPathsEdges() {
    let cases = [
      "18014398509481985", "18014398509481986", "18014398509481990", "90071992547409930e-1",
      "90071992547409931e-1", "900719925474099300e-2", "9007199254740993000e-3", "9999999999999999999e19",
      "9999999999999999999e-19", "1e-19", "1e19", "1e-20", "1e20", "0.0000000000000000001",
      "1000000000000000000", "10000000000000000000", "99999999999999999999", "1e0019", "0e-19",
      "12345678901234567890e-19", "1.7976931348623157e308", "5e-324",
    ]
    for text in cases {
      expectSameAsStandardLibrary(text)
    }
  }

  @Test func randomTextsInTheFastPathsRange() {
    var generator = PropertyListRandom(seed: 44)
    for _ in 0..<20_000 {
      let significand = UInt64.random(in: 0...9_999_999_999_999_999_999, using: &generator)
      let digits = String(significand)
      let point = Int.random(in: 0...digits.count, using: &generator)
      let exponent = Int.random(in: -19...19, using: &generator)
      expectSameAsStandardLibrary("\(digits.prefix(point)).\(digits.dropFirst(point))e\(exponent)")
    }
  }

  @Test func shortestFormsOfRandomDoubles() {
    var generator = PropertyListRandom(seed: 42)
    for _ in 0..<20_000 {
      let value = Double(bitPattern: generator.next())
      guard value.isFinite else { continue }
      #expect(parse(value.description)?.bitPattern == value.bitPattern, "\(value)")
    }
  }

  @Test func randomDecimals() {
    var generator = PropertyListRandom(seed: 43)
    for _ in 0..<20_000 {
      let digits = Int.random(in: 1...24, using: &generator)
      var text = Bool.random(using: &generator) ? "-" : ""
      let point = Int.random(in: 0...digits, using: &generator)
      for index in 0..<digits {
        if index == point && index > 0 { text += "." }
        text += String(Int.random(in: 0...9, using: &generator))
      }
      if Bool.random(using: &generator) {
        text += "e\(Int.random(in: -345...310, using: &generator))"
      }
      expectSameAsStandardLibrary(text)
    }
  }

  @Test func specialNames() {
    #expect(parse("inf") == .infinity)
    #expect(parse("-Infinity") == -.infinity)
    #expect(parse("+INF") == .infinity)
    #expect(parse("nan")?.isNaN == true)
    #expect(parse("-NaN")?.isNaN == true)
    for text in ["in", "infinit", "infinityx", "nana", "na", "-", "+", "", "i", "n"] {
      #expect(parse(text) == nil, "\(text)")
    }
  }

  @Test func rejectsWhatIsNotADecimal() {
    for text in [
      "0x1p3", "1e", "1e+", "e1", ".", "-.", "1..2", "1.2.3", "1e1.5", " 1", "1 ", "1f", "١", "1_0", "+-1",
    ] {
      #expect(parse(text) == nil, "\(text)")
    }
  }
}
