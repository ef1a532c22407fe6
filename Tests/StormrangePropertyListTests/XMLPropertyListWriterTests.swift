import FoundationEssentials
import Testing

@testable import StormrangePropertyList

@Suite struct XMLPropertyListWriterTests {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func exactDocumentForASmallDictionary() throws {
    let value: PropertyListValue = .dictionary([
      PropertyListEntry(key: "date", value: .date(Date(timeIntervalSince1970: 1_782_921_780))),
      PropertyListEntry(key: "delay", value: .real(3.5)),
      PropertyListEntry(key: "count", value: .integer(-7)),
      PropertyListEntry(key: "ok", value: .bool(true)),
      PropertyListEntry(key: "no", value: .bool(false)),
      PropertyListEntry(key: "note", value: .string("A & B <c>")),
      PropertyListEntry(key: "blob", value: .data([0, 1, 2, 3])),
      PropertyListEntry(key: "none", value: .data([])),
      PropertyListEntry(key: "list", value: .array([.string("x"), .array([]), .dictionary([])])),
    ])
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>date</key>
      \t<date>2026-07-01T16:03:00Z</date>
      \t<key>delay</key>
      \t<real>3.5</real>
      \t<key>count</key>
      \t<integer>-7</integer>
      \t<key>ok</key>
      \t<true/>
      \t<key>no</key>
      \t<false/>
      \t<key>note</key>
      \t<string>A &amp; B &lt;c&gt;</string>
      \t<key>blob</key>
      \t<data>
      \tAAECAw==
      \t</data>
      \t<key>none</key>
      \t<data>
      \t</data>
      \t<key>list</key>
      \t<array>
      \t\t<string>x</string>
      \t\t<array/>
      \t\t<dict/>
      \t</array>
      </dict>
      </plist>

      """
    #expect(text(try XMLPropertyListWriter.document(value)) == expected)
  }

  @Test func writesLikePlistlib() throws {
    // plistlib's own output for the same value (see PropertyListFixtures), byte for byte, except
    // for the final newline the literal lacks.
    let written = try XMLPropertyListWriter.document(PropertyListFixtures.sample)
    #expect(text(written) == PropertyListFixtures.plistlibXML + "\n")
  }

  @Test func arrayHeaderAndFooter() throws {
    #expect(
      text(XMLPropertyListWriter.arrayHeader) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <array>

        """)
    #expect(text(XMLPropertyListWriter.arrayFooter) == "</array>\n</plist>\n")
    #expect(
      text(XMLPropertyListWriter.arrayHeader + XMLPropertyListWriter.arrayFooter)
        == text(try XMLPropertyListWriter.document(.array([.string("x")]))).replacing(
          "\t<string>x</string>\n", with: ""))
  }

  @Test func appendIndentsByDepth() throws {
    var buffer: [UInt8] = []
    try XMLPropertyListWriter.append(
      .dictionary([PropertyListEntry(key: "k", value: .integer(1))]), to: &buffer, depth: 2)
    #expect(text(buffer) == "\t\t<dict>\n\t\t\t<key>k</key>\n\t\t\t<integer>1</integer>\n\t\t</dict>\n")
  }

  @Test func dataLinesAreWrappedLikePlistlib() throws {
    // 76 - 8 × depth characters (at least 16), as plistlib does.
    var buffer: [UInt8] = []
    try XMLPropertyListWriter.append(.data(Array(repeating: 0xAB, count: 100)), to: &buffer, depth: 1)
    let lines = text(buffer).split(separator: "\n")
    #expect(lines.first == "\t<data>")
    #expect(lines.last == "\t</data>")
    #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("\t") && $0.count <= 1 + 68 })
    #expect(lines[1].count == 1 + 68)

    buffer = []
    try XMLPropertyListWriter.append(.data(Array(repeating: 1, count: 40)), to: &buffer, depth: 9)
    let deepLines = text(buffer).split(separator: "\n").dropFirst().dropLast()
    #expect(deepLines.first.map { $0.count - 9 } == 16)
  }

  @Test func escaping() throws {
    var buffer: [UInt8] = []
    try XMLPropertyListWriter.appendEscaped("a&b<c>d\"e'f\tg\nh\ri ü 🌩", to: &buffer)
    #expect(text(buffer) == "a&amp;b&lt;c&gt;d\"e'f\tg\nh&#13;i ü 🌩")
  }

  @Test func escapingRejectsCharactersXMLCannotHold() {
    let cases: [(String, String)] = [
      ("bell\u{7}", "U+0007"), ("\u{0}", "U+0000"), ("esc \u{1B}[0m", "U+001B"), ("x\u{FFFE}", "U+FFFE"),
      ("\u{FFFF}", "U+FFFF"), ("vertical\u{B}tab", "U+000B"), ("form\u{C}feed", "U+000C"),
    ]
    for (string, name) in cases {
      var buffer: [UInt8] = []
      #expect {
        try XMLPropertyListWriter.appendEscaped(string, to: &buffer)
      } throws: { error in
        let message = (error as? PropertyListError)?.message ?? ""
        return message.contains(name) && message.hasSuffix("which XML cannot hold") && !message.contains("\n")
      }
    }
    #expect(throws: PropertyListError.self) {
      try XMLPropertyListWriter.document(.dictionary([PropertyListEntry(key: "k\u{1}", value: .bool(true))]))
    }
  }

  @Test func reals() {
    func written(_ value: Double) -> String {
      var buffer: [UInt8] = []
      XMLPropertyListWriter.appendReal(value, to: &buffer)
      return text(buffer)
    }
    #expect(written(3.5) == "3.5")
    #expect(written(21) == "21.0")
    #expect(written(0.1 + 0.2) == "0.30000000000000004")
    #expect(written(1e100) == "1e+100")
    #expect(written(-0.0) == "-0.0")
    #expect(written(.infinity) == "inf")
    #expect(written(-.infinity) == "-inf")
    #expect(written(.nan) == "nan")
    #expect(written(-.nan) == "nan")
    #expect(written(.signalingNaN) == "nan")
  }

  @Test func integersAtTheExtremes() throws {
    var buffer: [UInt8] = []
    try XMLPropertyListWriter.append(.integer(.min), to: &buffer, depth: 0)
    try XMLPropertyListWriter.append(.integer(.max), to: &buffer, depth: 0)
    try XMLPropertyListWriter.append(.integer(0), to: &buffer, depth: 0)
    #expect(
      text(buffer)
        == "<integer>-9223372036854775808</integer>\n<integer>9223372036854775807</integer>\n<integer>0</integer>\n"
    )
  }

  @Test func datesOutsideFourDigitYearsAreRejected() {
    for seconds in [-62_135_596_801.0, 253_402_300_800, .infinity, -.infinity, .nan] {
      #expect(throws: PropertyListError.self) {
        try XMLPropertyListWriter.document(.date(Date(timeIntervalSince1970: seconds)))
      }
    }
  }

  @Test func nestingLimitMatchesTheReaders() throws {
    func nested(_ levels: Int) -> PropertyListValue {
      var value: PropertyListValue = .string("bottom")
      for _ in 0..<levels { value = .array([value]) }
      return value
    }
    let deepest = nested(XMLPropertyListReader.maximumDepth)
    #expect(try PropertyListReader.read(XMLPropertyListWriter.document(deepest)) == deepest)
    #expect(throws: PropertyListError.self) {
      try XMLPropertyListWriter.document(nested(XMLPropertyListReader.maximumDepth + 1))
    }
  }

  @Test func tooDeepValuesAreRejected() {
    var value: PropertyListValue = .array([])
    for _ in 0..<600 { value = .array([value]) }
    #expect(throws: PropertyListError("the value is nested more than 512 deep")) {
      try XMLPropertyListWriter.document(value)
    }
  }
}
