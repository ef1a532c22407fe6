import FoundationEssentials
import Testing

@testable import StormrangePropertyList

/// Writer → reader round trips of every kind of value.
@Suite struct PropertyListRoundTripTests {
  private func roundTrip(_ value: PropertyListValue) throws -> PropertyListValue {
    try PropertyListReader.read(XMLPropertyListWriter.document(value))
  }

  @Test func strings() throws {
    let strings = [
      "", "plain", "a & b < c > d \"quoted\" 'single'", "tab\tnewline\nline",
      "carriage\rreturn\r\nand crlf", "Grüße, 雷, 🌩⚡️, e\u{301}", String(repeating: "long ", count: 500),
      "]]> and <![CDATA[ and &amp; literally", "\u{7F} delete and \u{85} next line", "\u{FFFD}\u{10FFFF}",
    ]
    for string in strings {
      #expect(try roundTrip(.string(string)) == .string(string))
      #expect(
        try roundTrip(.dictionary([PropertyListEntry(key: string, value: .bool(true))]))
          == .dictionary([PropertyListEntry(key: string, value: .bool(true))]))
    }
  }

  @Test func integers() throws {
    for integer: Int64 in [0, 1, -1, 42, -42, 1_000_000_007, .max, .min, .max - 1, .min + 1] {
      #expect(try roundTrip(.integer(integer)) == .integer(integer))
    }
  }

  @Test func reals() throws {
    let reals: [Double] = [
      0, 1, -1, 0.1, 1.0 / 3, 343.32, 1201.6199999999999, 2841.3323600000003, 1e100, -1e-100, 1e22, 1e23,
      123_456_789_012_345_680, .pi, .ulpOfOne, .leastNonzeroMagnitude, .leastNormalMagnitude,
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity,
      Double.leastNormalMagnitude.nextDown, 0.1 + 0.2,
    ]
    for real in reals {
      #expect(try roundTrip(.real(real)) == .real(real))
    }
    guard case .real(let nan) = try roundTrip(.real(.nan)) else {
      Issue.record("nan did not come back as a real")
      return
    }
    #expect(nan.isNaN)
    guard case .real(let negativeZero) = try roundTrip(.real(-0.0)) else { return }
    #expect(negativeZero == 0 && negativeZero.sign == .minus)
  }

  @Test func randomReals() throws {
    var generator = PropertyListRandom(seed: 7)
    for _ in 0..<2000 {
      let real = Double(bitPattern: generator.next())
      guard real.isFinite else { continue }
      #expect(try roundTrip(.real(real)) == .real(real))
    }
  }

  @Test func booleans() throws {
    #expect(try roundTrip(.bool(true)) == .bool(true))
    #expect(try roundTrip(.bool(false)) == .bool(false))
  }

  @Test func dates() throws {
    // Among them 2000-02-29, 2100-03-01, 3000-01-01, 1900-01-01, 0001-01-01 and 9999-12-31T23:59:59.
    let seconds: [Double] = [
      0, 1_782_921_780, -14_182_940, -1, 86_399, -86_401, 951_782_400, 4_107_542_400, 32_503_680_000,
      -2_208_988_800, -62_135_596_800, 253_402_300_799,
    ]
    for second in seconds {
      let date = Date(timeIntervalSince1970: second)
      #expect(try roundTrip(.date(date)) == .date(date))
    }
  }

  @Test func datesLoseFractionsOfSecondsRoundingDown() throws {
    #expect(
      try roundTrip(.date(Date(timeIntervalSince1970: 100.75))) == .date(Date(timeIntervalSince1970: 100)))
    #expect(
      try roundTrip(.date(Date(timeIntervalSince1970: -100.25))) == .date(Date(timeIntervalSince1970: -101)))
  }

  @Test func data() throws {
    var generator = PropertyListRandom(seed: 11)
    for count in [0, 1, 2, 3, 4, 5, 44, 45, 46, 57, 58, 59, 60, 61, 200, 1000] {
      let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      #expect(try roundTrip(.data(bytes)) == .data(bytes))
      let nested: PropertyListValue = .array([
        .array([.dictionary([PropertyListEntry(key: "d", value: .data(bytes))])])
      ])
      #expect(try roundTrip(nested) == nested)
    }
  }

  @Test func containers() throws {
    let value: PropertyListValue = .dictionary([
      PropertyListEntry(key: "empty array", value: .array([])),
      PropertyListEntry(key: "empty dict", value: .dictionary([])),
      PropertyListEntry(key: "zebra", value: .integer(1)),
      PropertyListEntry(key: "apple", value: .integer(2)),  // file order is kept, not sorted
      PropertyListEntry(
        key: "nested",
        value: .array([
          .array([.array([.string("deep")])]), .dictionary([PropertyListEntry(key: "x", value: .real(1.5))]),
          .data([1, 2, 3]), .date(Date(timeIntervalSince1970: 0)),
        ])),
    ])
    #expect(try roundTrip(value) == value)
    #expect(try roundTrip(PropertyListFixtures.sample) == PropertyListFixtures.sample)
  }

  @Test func deepNestingUpToTheLimit() throws {
    var value: PropertyListValue = .string("bottom")
    for level in 0..<(XMLPropertyListReader.maximumDepth - 1) {
      value =
        level.isMultiple(of: 2) ? .array([value]) : .dictionary([PropertyListEntry(key: "k", value: value)])
    }
    #expect(try roundTrip(value) == value)
  }

  @Test func everyTopLevelType() throws {
    let values: [PropertyListValue] = [
      .string("s"), .integer(1), .real(2.5), .bool(true), .date(Date(timeIntervalSince1970: 60)),
      .data([0xFF]),
      .array([]), .dictionary([]),
    ]
    for value in values {
      #expect(try roundTrip(value) == value)
    }
  }

  @Test func historyShapedArrayViaHeaderAndFooter() throws {
    var buffer = XMLPropertyListWriter.arrayHeader
    var expected: [PropertyListValue] = []
    for index in 0..<50 {
      let entry: PropertyListValue = .dictionary([
        PropertyListEntry(
          key: "date", value: .date(Date(timeIntervalSince1970: Double(1_780_000_000 + index * 60)))),
        PropertyListEntry(key: "delay", value: .real(Double(index) / 10)),
        PropertyListEntry(key: "note", value: .string("entry \(index) & more")),
      ])
      try XMLPropertyListWriter.append(entry, to: &buffer, depth: 1)
      expected.append(entry)
    }
    buffer.append(contentsOf: XMLPropertyListWriter.arrayFooter)
    #expect(try PropertyListReader.read(buffer) == .array(expected))
    let elements = try PropertyListReader.readArray(buffer)
    #expect(elements.map(\.value) == expected)
  }
}
