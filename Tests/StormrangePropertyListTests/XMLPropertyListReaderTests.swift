import FoundationEssentials
import Testing

@testable import StormrangePropertyList

/// Everything the XML reader must accept.
@Suite struct XMLPropertyListReaderTests {
  private func read(_ text: String) throws -> PropertyListValue {
    try PropertyListReader.read(Array(text.utf8))
  }

  /// `body` as the single value of a standard document.
  private func readValue(_ body: String) throws -> PropertyListValue {
    try read(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      \(body)
      </plist>
      """)
  }

  /// XML allows blanks before the `>` of a closing tag. The text before such a tag used to be read
  /// as empty, so a note written by another tool silently disappeared.
  @Test func textBeforeAClosingTagWithBlanksIsKept() throws {
    #expect(try readValue("<string>abc</string >") == .string("abc"))
    #expect(try readValue("<string>a&amp;b</string\t>") == .string("a&b"))
    #expect(try readValue("<string>x<!-- c -->y</string\n>") == .string("xy"))
    #expect(
      try readValue("<dict><key>note</key >\n<string>over the lake</string  ></dict>")
        == .dictionary([PropertyListEntry(key: "note", value: .string("over the lake"))]))
  }

  @Test func plistlibOutput() throws {
    #expect(try read(PropertyListFixtures.plistlibXML) == PropertyListFixtures.sample)
  }

  @Test func plistutilOutput() throws {
    // libplist writes reals with 17 significant digits and whole ones without a fraction.
    #expect(try read(PropertyListFixtures.plistutilXML) == PropertyListFixtures.sample)
  }

  @Test func appleStyleOutput() throws {
    // As CoreFoundation / plutil write it (two-space-free, tab-indented, empty containers collapsed).
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>CFBundleName</key>
      \t<string>Storm</string>
      \t<key>Data</key>
      \t<data>
      \tAAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4v
      \tMDEyMzQ1Njc4OTo7PD0+P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5f
      \t</data>
      \t<key>Date</key>
      \t<date>2001-01-01T00:00:00Z</date>
      \t<key>Empty</key>
      \t<array/>
      \t<key>Real</key>
      \t<real>0.10000000000000001</real>
      </dict>
      </plist>

      """
    #expect(
      try read(text)
        == .dictionary([
          PropertyListEntry(key: "CFBundleName", value: .string("Storm")),
          PropertyListEntry(key: "Data", value: .data(Array(0..<96))),
          PropertyListEntry(key: "Date", value: .date(Date(timeIntervalSinceReferenceDate: 0))),
          PropertyListEntry(key: "Empty", value: .array([])),
          PropertyListEntry(key: "Real", value: .real(0.1)),
        ]))
  }

  @Test func minimalDocuments() throws {
    #expect(try read("<plist><true/></plist>") == .bool(true))
    #expect(try read("<plist version=\"1.0\"><array/></plist>") == .array([]))
    #expect(try read("<plist>\n<dict>\n</dict>\n</plist>") == .dictionary([]))
    #expect(try read("  \n\t<plist >  <string>x</string>  </plist >  \n\n") == .string("x"))
  }

  @Test func byteOrderMark() throws {
    let bytes: [UInt8] =
      [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?><plist><integer>5</integer></plist>".utf8)
    #expect(try PropertyListReader.read(bytes) == .integer(5))
  }

  @Test func commentsAndProcessingInstructionsBetweenElements() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- written by hand -->
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <!-- another -- with dashes - inside -->
      <plist version="1.0">
      <!-- before the value -->
      <dict>
        <!-- before a key --><key>a</key><!-- between key and value -->
        <integer>1</integer>
        <?some-instruction data?>
        <key>b</key>
        <array><!-- in an array --><string>x</string><!----></array>
      </dict>
      <!-- after the value -->
      </plist>
      <!-- after the end -->

      """
    #expect(
      try read(text)
        == .dictionary([
          PropertyListEntry(key: "a", value: .integer(1)),
          PropertyListEntry(key: "b", value: .array([.string("x")])),
        ]))
  }

  @Test func attributes() throws {
    #expect(
      try read("<plist version='1.0' xmlns:x=\"urn:x\"><string a=\"1\" b='2'>v</string></plist>")
        == .string("v"))
    #expect(try read("<plist\n  version=\"1.0\"\n><dict  ></dict ></plist>") == .dictionary([]))
  }

  @Test func doctypeWithInternalSubset() throws {
    #expect(try read("<!DOCTYPE plist [ <!ELEMENT plist ANY> ]><plist><true/></plist>") == .bool(true))
  }

  @Test func emptyElements() throws {
    #expect(try readValue("<array/>") == .array([]))
    #expect(try readValue("<dict/>") == .dictionary([]))
    #expect(try readValue("<string/>") == .string(""))
    #expect(try readValue("<string></string>") == .string(""))
    #expect(try readValue("<true/>") == .bool(true))
    #expect(try readValue("<false/>") == .bool(false))
    #expect(try readValue("<true></true>") == .bool(true))
    #expect(try readValue("<false></false>") == .bool(false))
    #expect(try readValue("<data/>") == .data([]))
    #expect(try readValue("<data></data>") == .data([]))
    #expect(try readValue("<array></array>") == .array([]))
    #expect(
      try readValue("<dict><key/><string/></dict>")
        == .dictionary([PropertyListEntry(key: "", value: .string(""))]))
  }

  @Test func entityAndCharacterReferences() throws {
    #expect(
      try readValue(
        "<string>&amp;&lt;&gt;&quot;&apos; &#65;&#x42;&#x43;&#xe9;&#233;&#x1F329; &#9;&#10;&#13;</string>")
        == .string("&<>\"' ABCéé🌩 \t\n\r"))
    #expect(
      try readValue("<dict><key>a&amp;b</key><true/></dict>")
        == .dictionary([PropertyListEntry(key: "a&b", value: .bool(true))]))
  }

  @Test func cdataSections() throws {
    #expect(try readValue("<string><![CDATA[<not> &a; tag]]></string>") == .string("<not> &a; tag"))
    #expect(try readValue("<string>a<![CDATA[ & ]]>b&amp;<![CDATA[]]>c</string>") == .string("a & b&c"))
    #expect(try readValue("<string><![CDATA[]] ]> ]]]></string>") == .string("]] ]> ]"))
    #expect(
      try readValue("<dict><key><![CDATA[k]]></key><integer>1</integer></dict>")
        == .dictionary([PropertyListEntry(key: "k", value: .integer(1))]))
  }

  @Test func commentsInsideText() throws {
    #expect(try readValue("<string>a<!-- hidden -->b</string>") == .string("ab"))
  }

  @Test func lineEndingsAreNormalizedInText() throws {
    #expect(try read("<plist><string>a\r\nb\rc\nd</string></plist>") == .string("a\nb\nc\nd"))
    #expect(
      try read("<plist>\r\n<array>\r\n<string>x</string>\r\n</array>\r\n</plist>\r\n")
        == .array([.string("x")]))
  }

  @Test func whitespaceInStringsIsKept() throws {
    #expect(try readValue("<string>  two  spaces \t</string>") == .string("  two  spaces \t"))
    #expect(try readValue("<string>\n</string>") == .string("\n"))
  }

  @Test func integers() throws {
    let cases: [(String, Int64)] = [
      ("0", 0), ("42", 42), ("-42", -42), ("+42", 42), ("007", 7), (" 12 ", 12), ("\n\t12\n", 12),
      ("9223372036854775807", .max), ("-9223372036854775808", .min), ("0x10", 16), ("0XfF", 255),
      ("-0x10", -16), ("0x7FFFFFFFFFFFFFFF", .max), ("-0x8000000000000000", .min), ("-0", 0),
    ]
    for (text, expected) in cases {
      #expect(try readValue("<integer>\(text)</integer>") == .integer(expected), "\(text)")
    }
  }

  @Test func reals() throws {
    let cases: [(String, Double)] = [
      ("3.5", 3.5), ("-3.5", -3.5), ("+3.5", 3.5), ("21", 21), ("21.", 21), (".5", 0.5), ("-.5", -0.5),
      ("1e3", 1000), ("1E3", 1000), ("1e+3", 1000), ("2.5e-3", 0.0025), ("0.10000000000000001", 0.1),
      ("343.31999999999999", 343.32), (" 1.5 ", 1.5), ("\n1.5\n", 1.5), ("00012.500", 12.5),
      ("1e400", .infinity), ("-1e400", -.infinity), ("1e-400", 0),
      ("4.9406564584124654e-324", .leastNonzeroMagnitude),
      ("2.2250738585072011e-308", Double.leastNormalMagnitude.nextDown),
      ("17976931348623157" + String(repeating: "0", count: 292), .greatestFiniteMagnitude),
      ("1" + String(repeating: "0", count: 30) + ".5e-30", 1.0000000000000000000000000000005),
      ("inf", .infinity), ("-inf", -.infinity), ("+infinity", .infinity), ("INF", .infinity),
      ("Infinity", .infinity), ("-INFINITY", -.infinity),
    ]
    for (text, expected) in cases {
      #expect(try readValue("<real>\(text)</real>") == .real(expected), "\(text)")
    }
    for text in ["nan", "NaN", "NAN", "-nan", "+nan"] {
      guard case .real(let value) = try readValue("<real>\(text)</real>") else {
        Issue.record("\(text) is not a real")
        continue
      }
      #expect(value.isNaN)
    }
    guard case .real(let negativeZero) = try readValue("<real>-0.0</real>") else { return }
    #expect(negativeZero == 0 && negativeZero.sign == .minus)
  }

  @Test func dates() throws {
    let cases: [(String, Double)] = [
      ("2026-07-01T16:03:00Z", 1_782_921_780), ("1970-01-01T00:00:00Z", 0), ("1969-12-31T23:59:59Z", -1),
      ("1900-01-01T00:00:00Z", -2_208_988_800), ("2100-03-01T00:00:00Z", 4_107_542_400),
      ("2000-02-29T12:00:00Z", 951_825_600), ("0001-01-01T00:00:00Z", -62_135_596_800),
      ("9999-12-31T23:59:59Z", 253_402_300_799), ("2026-07-01T16:03:00.5Z", 1_782_921_780.5),
      ("2026-07-01T16:03:00.25Z", 1_782_921_780.25), (" 2026-07-01T16:03:00Z\n", 1_782_921_780),
    ]
    for (text, seconds) in cases {
      #expect(try readValue("<date>\(text)</date>") == .date(Date(timeIntervalSince1970: seconds)), "\(text)")
    }
  }

  @Test func base64WithWhitespace() throws {
    #expect(try readValue("<data>AAEC\nAwQF\n\t\tBgc=</data>") == .data([0, 1, 2, 3, 4, 5, 6, 7]))
    #expect(try readValue("<data>\n  A A E C A w = =  \n</data>") == .data([0, 1, 2, 3]))
    #expect(try readValue("<data>AAECAw</data>") == .data([0, 1, 2, 3]))  // padding optional
    #expect(try readValue("<data>AAECAwQ=</data>") == .data([0, 1, 2, 3, 4]))
    #expect(try readValue("<data>+/+/</data>") == .data([0xFB, 0xFF, 0xBF]))
    #expect(try readValue("<data>\r\n</data>") == .data([]))
  }

  @Test func nonASCIIKeysAndStrings() throws {
    #expect(
      try readValue("<dict><key>Ort ☔</key><string>Zürich – 雷</string></dict>")
        == .dictionary([PropertyListEntry(key: "Ort ☔", value: .string("Zürich – 雷"))]))
  }

  @Test func keysLongerThanTheInterningLimit() throws {
    let long = String(repeating: "k", count: 40)
    let value = try readValue(
      "<array><dict><key>\(long)</key><true/><key>sixteen-bytes-ok</key><true/></dict>"
        + "<dict><key>\(long)</key><false/><key>sixteen-bytes-ok</key><false/></dict></array>")
    #expect(
      value
        == .array([
          .dictionary([
            PropertyListEntry(key: long, value: .bool(true)),
            PropertyListEntry(key: "sixteen-bytes-ok", value: .bool(true)),
          ]),
          .dictionary([
            PropertyListEntry(key: long, value: .bool(false)),
            PropertyListEntry(key: "sixteen-bytes-ok", value: .bool(false)),
          ]),
        ]))
  }

  @Test func manyKeysInOneDictionary() throws {
    // Past the size where duplicate detection switches to a set.
    var body = "<dict>"
    for index in 0..<300 { body += "<key>key \(index)</key><integer>\(index)</integer>" }
    body += "</dict>"
    guard case .dictionary(let entries) = try readValue(body) else {
      Issue.record("not a dictionary")
      return
    }
    #expect(entries.count == 300)
    #expect(entries.map(\.key) == (0..<300).map { "key \($0)" })
  }

  @Test func reusedContainerLevelsDoNotLeakEntries() throws {
    // Containers at the same depth share a scratch buffer inside the reader.
    let value = try readValue(
      "<array><dict><key>a</key><true/><key>b</key><true/></dict><dict><key>b</key><false/></dict>"
        + "<array><string>x</string></array><array/><dict/><dict><key>a</key><dict><key>z</key><true/></dict></dict></array>"
    )
    #expect(
      value
        == .array([
          .dictionary([
            PropertyListEntry(key: "a", value: .bool(true)), PropertyListEntry(key: "b", value: .bool(true)),
          ]),
          .dictionary([PropertyListEntry(key: "b", value: .bool(false))]),
          .array([.string("x")]),
          .array([]),
          .dictionary([]),
          .dictionary([
            PropertyListEntry(key: "a", value: .dictionary([PropertyListEntry(key: "z", value: .bool(true))]))
          ]),
        ]))
  }

  @Test func noTrailingNewlineNeeded() throws {
    #expect(try read("<plist><integer>1</integer></plist>") == .integer(1))
  }
}
