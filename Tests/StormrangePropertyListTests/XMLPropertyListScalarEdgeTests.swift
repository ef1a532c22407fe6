import Testing

@testable import StormrangePropertyList

/// The edges of what the XML reader accepts in `<real>`, `<integer>` and `<data>`, and of its encoding check,
/// where the standard library's conversions (`Double(_:)`, `Data(base64Encoded:)`,
/// `Int64(_:radix:)`, `String(validating:as:)`) accept or refuse more than the reader does. Each expectation was
/// recorded from the hand-written reader before those conversions replaced it.
@Suite struct XMLPropertyListScalarEdgeTests {
  private func readValue(_ body: String) throws -> PropertyListValue {
    try PropertyListReader.read(Array("<plist version=\"1.0\">\n\(body)\n</plist>\n".utf8))
  }

  private func real(_ text: String) throws -> Double? {
    guard case .real(let value) = try readValue("<real>\(text)</real>") else { return nil }
    return value
  }

  @Test func realsOnlyADecimalOrAName() throws {
    let cases: [(String, Double)] = [
      ("+5", 5), (".5", 0.5), ("5.", 5), ("-5.", -5), ("+.5", 0.5), ("0.", 0), ("00", 0), ("+0", 0),
      ("1.e5", 1e5), (".5e1", 5), ("5.e-1", 0.5), ("1E+05", 1e5), ("1e-0", 1), ("\t+5\r\n", 5),
      ("1e0000000000000000000000001", 10), ("1e99999999999999999999", .infinity),
      ("-1e99999999999999999999", -.infinity), ("0e99999999999", 0), ("1e-99999999999999", 0),
      ("0.1000000000000000055511151231257827021181583404541015625", 0.1),
      ("2.4703282292062328e-324", .leastNonzeroMagnitude), ("1e308", 1e308), ("1.8e308", .infinity),
      ("iNf", .infinity), ("InFiNiTy", .infinity), ("+Inf", .infinity), ("-iNfInItY", -.infinity),
      ("2059.2000000000003", 2059.2000000000003), ("343.21462268256795", 343.21462268256795),
      ("9007199254740993", 9_007_199_254_740_992), ("0." + String(repeating: "0", count: 400) + "1e401", 1),
    ]
    for (text, expected) in cases {
      #expect(try real(text)?.bitPattern == expected.bitPattern, "\(text)")
    }
    for text in ["-0", "-0.0", "-1e-99999999999999", "-.0e5"] {
      let value = try real(text)
      #expect(value == 0 && value?.sign == .minus, "\(text)")
    }
    for text in ["nAn", "-NAN", "+nan"] {
      #expect(try real(text)?.isNaN == true, "\(text)")
    }
  }

  @Test func realsRefuseWhatTheStandardLibraryAlsoTakes() {
    for text in [
      "0x1p4", "0X1P4", "0x10", "0x1.8p1", "-0x1p4", "0xp1", "nan(1)", "nan()", "nan(", "inf.", "inf0",
      "-inf-", "-+1", "++1", "1e5.0", "1e5e5", ".e5", "e", "E5", "1e-", "1E", "1d5", "1.5L", "１", "−1",
      "1 e5", "1e 5", "- 1", "0b1", "Infinity1", "in f", "nAnA", "NaN1", "INFINITE", "1e+-5", "&#49;",
      "1\u{A0}", "+", "-.", ".e", "infinityinfinity", "inff", "1..", "..1",
    ] {
      expectError(
        "<plist version=\"1.0\">\n<real>\(text)</real>\n</plist>\n", "line 2: invalid real \"\(text)\"")
    }
  }

  @Test func integersOnlyASignAndDecimalOrHexadecimalDigits() throws {
    let cases: [(String, Int64)] = [
      ("+0x10", 16), ("0x00000000000000000000001", 1), ("-000000000000000000000009223372036854775808", .min),
      ("-0x8000000000000000", .min), ("0XaBc", 2748),
    ]
    for (text, expected) in cases {
      #expect(try readValue("<integer>\(text)</integer>") == .integer(expected), "\(text)")
    }
    for text in ["0x-1", "0x+1", "-+1", "x10", "0x1.0", "0 x1", "+-0x1", "0x 1", "1e", "0o7", "0xg"] {
      expectError(
        "<plist version=\"1.0\">\n<integer>\(text)</integer>\n</plist>\n",
        "line 2: invalid integer \"\(text)\"")
    }
    expectError(
      "<plist version=\"1.0\">\n<integer>0x8000000000000000</integer>\n</plist>\n",
      "line 2: integer 0x8000000000000000 is out of range")
  }

  @Test func base64WhitespaceAndPadding() throws {
    let cases: [(String, [UInt8])] = [
      ("AB", [0]), ("QR==", [65]), ("QUJ=", [65, 66]), ("AA=\n=", [0]), ("AA= =", [0]), ("AAA =", [0, 0]),
      ("AAAAAA", [0, 0, 0, 0]), ("AAAAAAA", [0, 0, 0, 0, 0]), ("AA==\n\t", [0]), ("\tAAAA\r\n", [0, 0, 0]),
      ("////", [255, 255, 255]), ("AAAA AAAA", [0, 0, 0, 0, 0, 0]), ("  ", []),
      ("A A\tA\rA\nA A", [0, 0, 0, 0]),
    ]
    for (text, expected) in cases {
      #expect(try readValue("<data>\(text)</data>") == .data(expected), "\(text.debugDescription)")
    }
  }

  @Test func base64RefusesPaddingInTheWrongPlaceAndOtherCharacters() {
    for text in [
      "AAAA====", "A===", "====", "=", "==", "AA==AA==", "AA==A", "AAAA\u{B}", "AAAA\u{C}", "AAAé",
      "AA\u{A0}AA", ".AAA", "AAA.", "AA=", "AAAAA===", "AAAAAA=", "AAAAAAA==", "AAAAA=", "&#65;AAA",
      "AA==\u{0}", "A\u{85}AA", "AAA\u{3000}A",
    ] {
      expectError(
        "<plist version=\"1.0\">\n<data>\(text)</data>\n</plist>\n", "line 2: invalid base64 in <data>")
    }
    expectError(
      "<plist version=\"1.0\">\n<data><![CDATA[AAAA]]></data>\n</plist>\n",
      "line 2: expected </data> but found a CDATA section")
  }

  @Test func encodingErrorsNameTheFirstBadSequence() {
    let head = Array("<plist>\n<string>é\n".utf8)
    let tail = Array("</string></plist>".utf8)
    let cases: [([UInt8], String)] = [
      ([0xC3, 0xA9, 0xFF], "line 3: the file is not valid UTF-8"),
      ([0xEF, 0xBF, 0xBE, 0xFF], "line 3: U+FFFE is not allowed in XML"),
      ([0xC3, 0xEF, 0xBF, 0xBE], "line 3: the file is not valid UTF-8"),
      ([0xE2, 0xEF, 0xBF, 0xBF], "line 3: the file is not valid UTF-8"),
      ([0xE2, 0x82, 0xEF, 0xBF, 0xBF], "line 3: the file is not valid UTF-8"),
      ([0xC3, 0xA9, 0xEF, 0xBF, 0xBF, 0xC3], "line 3: U+FFFF is not allowed in XML"),
      ([0xF0, 0x9F, 0x8C, 0x41], "line 3: the file is not valid UTF-8"),
      ([0xC1, 0xBF], "line 3: the file is not valid UTF-8"),
      ([0xF8, 0x88, 0x80, 0x80, 0x80], "line 3: the file is not valid UTF-8"),
      ([0xF5, 0x80, 0x80, 0x80], "line 3: the file is not valid UTF-8"),
      ([0xED, 0xBF, 0xBF], "line 3: the file is not valid UTF-8"),
      ([0xC3, 0xA9, 0x0A, 0xFF], "line 4: the file is not valid UTF-8"),
      ([0xC3, 0xA9, 0x0D, 0x0A, 0x0D, 0xFF], "line 5: the file is not valid UTF-8"),
    ]
    for (bytes, message) in cases {
      expectError(head + bytes + tail, message)
    }
    // Checked before anything is parsed, wherever the bytes are.
    expectError(
      Array("<plist>\n<!-- ".utf8) + [0xFF] + Array(" --><true/></plist>".utf8),
      "line 2: the file is not valid UTF-8")
    expectError(
      Array("<plist a='".utf8) + [0xC0] + Array("'><true/></plist>".utf8),
      "line 1: the file is not valid UTF-8")
    expectError(
      Array("<plist>\n<oops/>\n<true/></plist>\n".utf8) + [0x80], "line 4: the file is not valid UTF-8")
    expectError(
      [0xEF, 0xBB, 0xBF, 0xEF, 0xBB] + Array("<plist/>".utf8), "line 1: the file is not valid UTF-8")
  }

  @Test func otherNoncharactersAndMidFileByteOrderMarksAreText() throws {
    // Swift refuses noncharacters in literals, so they are built from their values.
    var text = ""
    text.unicodeScalars.append(
      contentsOf: [0xFDD0, 0x1FFFE, 0x10FFFF, 0xFEFF, 0x7F, 0x80].compactMap(Unicode.Scalar.init))
    #expect(try readValue("<string>\(text)</string>") == .string(text))
    #expect(
      try PropertyListReader.read(
        Array("<plist><string>".utf8) + [0xF0, 0x9F, 0x8C, 0xA9] + Array("</string></plist>".utf8))
        == .string("🌩"))
  }
}
