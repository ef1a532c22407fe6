import Testing

@testable import StormrangePropertyList

/// Everything the XML reader must reject, with the message a person sees.
@Suite struct XMLPropertyListRejectionTests {
  /// `body` inside `<plist>` on line 2.
  private func expectValueError(
    _ body: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectError("<plist version=\"1.0\">\n\(body)\n</plist>\n", message, sourceLocation: sourceLocation)
  }

  @Test func emptyAndBlankFiles() {
    expectError([], "the file is empty")
    expectError("  \n\n\t", "line 3: the file has no <plist> element")
    expectError("<?xml version=\"1.0\"?>\n<!-- nothing -->\n", "line 3: the file has no <plist> element")
  }

  @Test func missingPlistRoot() {
    expectError("<?xml version=\"1.0\"?>\n<dict>\n</dict>\n", "line 2: expected <plist> but found <dict>")
    expectError("hello", "line 1: expected <plist> but found text \"hello\"")
    expectError("</plist>", "line 1: expected <plist> but found </plist>")
    expectError("<plist/>", "line 1: the <plist> element is empty")
    expectError("<plist></plist>", "line 1: the <plist> element is empty")
    expectError("<plist>\n</foo>", "line 2: expected a value but found </foo>")
  }

  @Test func mismatchedTags() {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <array>
      \t<dict>
      \t\t<key>date</key>
      \t\t<date>2026-07-01T16:03:00Z</date>
      \t\t<key>delay</key>
      \t\t<real>3.5</real>
      \t\t<key>distance</key>
      \t\t<real>1201.62</real>
      </array>
      </plist>
      """
    expectError(text, "line 12: expected </dict> but found </array>")
    expectValueError("<array></dict>", "line 2: expected </array> but found </dict>")
    expectValueError("<string>x</key>", "line 2: expected </string> but found </key>")
    expectValueError("<integer>1</real>", "line 2: expected </integer> but found </real>")
    expectValueError("<true>x</true>", "line 2: expected </true> but found text \"x\"")
    expectValueError("<string>a<dict/></string>", "line 2: expected </string> but found <dict>")
    expectValueError(
      "<integer><![CDATA[1]]></integer>", "line 2: expected </integer> but found a CDATA section")
    expectError("<plist><true/></plist\n", "line 2: the file ends inside a tag")
  }

  @Test func unknownTags() {
    expectValueError("<foo/>", "line 2: unknown tag <foo>")
    expectValueError("<array>\n<String>x</String>\n</array>", "line 3: unknown tag <String>")
    expectValueError("<dict><key>a</key><integers>1</integers></dict>", "line 2: unknown tag <integers>")
    expectValueError("<array></arrays>", "line 2: unknown tag <arrays>")
    expectValueError("<plist/>", "line 2: <plist> cannot be nested")
    expectValueError("<!DOCTYPE plist>", "line 2: expected a tag name but found \"!\"")
  }

  @Test func malformedTags() {
    expectValueError("<string x></string>", "line 2: malformed attribute in the <string> tag")
    expectValueError("<string x=1></string>", "line 2: malformed attribute in the <string> tag")
    expectValueError("<true/ >", "line 2: malformed <true> tag")
    expectValueError("<array></array x>", "line 2: malformed </array> tag")
    expectValueError("< array/>", "line 2: expected a tag name but found \" \"")
    expectValueError("<string a=\"<\">x</string>", "line 2: malformed attribute in the <string> tag")
  }

  @Test func truncation() {
    expectError(
      "<plist><array><dict><key>a</key>", "line 1: the file ends inside the <dict> opened on line 1")
    expectError("<plist>\n<array>\n<string>abc", "line 3: the file ends inside <string>")
    expectError("<plist>\n<array>\n<real>1.5", "line 3: the file ends inside <real>")
    expectError("<plist>\n<data>AAEC", "line 2: the file ends inside <data>")
    expectError("<plist><arr", "line 1: the file ends inside a tag")
    expectError("<plist><array", "line 1: the file ends inside the <array> tag")
    expectError("<plist><array></", "line 1: the file ends inside a tag")
    expectError("<plist><string a=\"1", "line 1: the file ends inside the <string> tag")
    expectError("<plist><true/>", "line 1: the file ends before </plist>")
    expectError("<plist>", "line 1: the file ends inside <plist>")
    expectError("<plist><string><![CDATA[abc", "line 1: the file ends inside a CDATA section")
    expectError("<plist><!-- abc", "line 1: the file ends inside a comment")
    expectError("<?xml version=\"1.0\"", "line 1: the file ends inside a <?…?> declaration")
    expectError("<!DOCTYPE plist PUBLIC \"x>", "line 1: the file ends inside the <!DOCTYPE> declaration")
  }

  @Test func contentAfterThePlist() {
    expectError("<plist><true/></plist>junk", "line 1: unexpected text \"junk\" after </plist>")
    expectError("<plist><true/></plist>\n<plist><true/></plist>", "line 2: unexpected <plist> after </plist>")
    expectError("<plist><true/><false/></plist>", "line 1: the <plist> element holds more than one value")
    expectError("<plist><true/></plist>\n\n<!DOCTYPE plist>", "line 3: unexpected <!DOCTYPE> after </plist>")
  }

  @Test func keysWithoutValues() {
    expectValueError("<dict>\n<key>a</key>\n</dict>", "line 4: key \"a\" has no value")
    expectValueError("<dict><key>a</key><key>b</key><true/></dict>", "line 2: key \"a\" has no value")
    expectValueError("<dict><key>a\nb</key></dict>", "line 3: key \"a b\" has no value")
  }

  @Test func duplicateKeys() {
    expectValueError(
      "<dict>\n<key>date</key><true/>\n<key>date</key><false/>\n</dict>", "line 4: duplicate key \"date\"")
    var many = "<dict>"
    for index in 0..<40 { many += "<key>k\(index)</key><true/>" }
    many += "\n<key>k7</key><true/></dict>"
    expectValueError(many, "line 3: duplicate key \"k7\"")
  }

  @Test func valuesWhereKeysAreExpected() {
    expectValueError("<dict><string>x</string></dict>", "line 2: expected <key> but found <string>")
    expectValueError("<dict><key>a</key><true/><dict/></dict>", "line 2: expected <key> but found <dict>")
    expectValueError("<array><key>a</key></array>", "line 2: <key> is only allowed in a <dict>")
    expectValueError("<key>a</key>", "line 2: <key> is only allowed in a <dict>")
    expectValueError("<dict>text</dict>", "line 2: unexpected text \"text\"")
    expectValueError("<array>\n  hello\n</array>", "line 3: unexpected text \"hello \"")
  }

  @Test func absurdNesting() {
    let limit = XMLPropertyListReader.maximumDepth
    let fine = String(repeating: "<array>", count: limit) + String(repeating: "</array>", count: limit)
    #expect(throws: Never.self) { try PropertyListReader.read(Array("<plist>\(fine)</plist>".utf8)) }
    let deep =
      String(repeating: "<array>", count: limit + 1) + String(repeating: "</array>", count: limit + 1)
    expectError("<plist>\(deep)</plist>", "line 1: the containers are nested more than 512 deep")
    // A huge number of opening tags fails fast, without exhausting the stack.
    expectError(
      "<plist>" + String(repeating: "<dict><key>k</key>", count: 100_000),
      "line 1: the containers are nested more than 512 deep")
  }

  @Test func invalidEncoding() {
    let prefix = Array("<plist>\n<string>".utf8)
    let suffix = Array("</string></plist>".utf8)
    expectError(prefix + [0xFF] + suffix, "line 2: the file is not valid UTF-8")
    expectError(prefix + [0xC0, 0x80] + suffix, "line 2: the file is not valid UTF-8")  // overlong
    expectError(prefix + [0xE0, 0x80, 0x80] + suffix, "line 2: the file is not valid UTF-8")  // overlong
    expectError(prefix + [0xED, 0xA0, 0x80] + suffix, "line 2: the file is not valid UTF-8")  // surrogate
    // Above U+10FFFF:
    expectError(prefix + [0xF4, 0x90, 0x80, 0x80] + suffix, "line 2: the file is not valid UTF-8")
    expectError(prefix + [0xC3] + suffix, "line 2: the file is not valid UTF-8")  // truncated sequence
    expectError(prefix + [0x80] + suffix, "line 2: the file is not valid UTF-8")  // lone continuation
    expectError(prefix + [0xEF, 0xBF, 0xBE] + suffix, "line 2: U+FFFE is not allowed in XML")
    expectError(prefix + [0xEF, 0xBF, 0xBF] + suffix, "line 2: U+FFFF is not allowed in XML")
    expectError(Array("<plist><string>x".utf8) + [0xE2, 0x82], "line 1: the file is not valid UTF-8")
    expectError(
      Array("<plist><!-- \u{1} --><true/></plist>".utf8),
      "line 1: the control character U+0001 is not allowed in XML")
    expectError([0xFF, 0xFE, 0x3C, 0x00], "the file is UTF-16; only UTF-8 property lists are supported")
    expectError([0xFE, 0xFF, 0x00, 0x3C], "the file is UTF-16; only UTF-8 property lists are supported")
    expectError(
      [0x3C, 0x00, 0x70, 0x00],
      "line 1: expected a tag name but found \"\u{0}\"".replacing("\u{0}", with: " "))
  }

  @Test func controlCharacters() {
    expectValueError("<string>a\u{1}b</string>", "line 2: the control character U+0001 is not allowed in XML")
    expectValueError(
      "<string>a&amp;\u{1B}</string>", "line 2: the control character U+001B is not allowed in XML")
    expectValueError(
      "<dict><key>\u{0}</key><true/></dict>", "line 2: the control character U+0000 is not allowed in XML")
    expectValueError(
      "<string><![CDATA[\u{7}]]></string>", "line 2: the control character U+0007 is not allowed in XML")
    expectValueError("<array>\u{C}</array>", "line 2: the control character U+000C is not allowed in XML")
  }

  @Test func invalidReferences() {
    expectValueError("<string>&foo;</string>", "line 2: unknown entity \"&foo;\"")
    expectValueError("<string>&amp</string>", "line 2: malformed reference \"&amp\"")
    expectValueError("<string>a & b</string>", "line 2: malformed reference \"&\"")
    expectValueError("<string>&#0;</string>", "line 2: invalid character reference \"&#0;\"")
    expectValueError("<string>&#1;</string>", "line 2: invalid character reference \"&#1;\"")
    expectValueError("<string>&#xD800;</string>", "line 2: invalid character reference \"&#xD800;\"")
    expectValueError("<string>&#x110000;</string>", "line 2: invalid character reference \"&#x110000;\"")
    expectValueError("<string>&#xFFFE;</string>", "line 2: invalid character reference \"&#xFFFE;\"")
    expectValueError("<string>&#X43;</string>", "line 2: invalid character reference \"&#X43;\"")
    expectValueError("<string>&#;</string>", "line 2: invalid character reference \"&#;\"")
    expectValueError("<string>&#x;</string>", "line 2: invalid character reference \"&#x;\"")
    expectValueError("<string>&#12a;</string>", "line 2: invalid character reference \"&#12a;\"")
    expectValueError(
      "<string>&#99999999999999999999;</string>",
      "line 2: invalid character reference \"&#99999999999999999999;\"")
    #expect(throws: Never.self) {
      try PropertyListReader.read(Array("<plist><string>&#000000000065;</string></plist>".utf8))
    }
  }

  @Test func invalidIntegers() {
    expectValueError("<integer> </integer>", "line 2: invalid integer \"\"")
    for text in ["12x", "", "1 2", "0x", "+", "-", "1.5", "1e3", "0x1g", "--1", "٣", "0b101", "&#49;"] {
      expectValueError("<integer>\(text)</integer>", "line 2: invalid integer \"\(text)\"")
    }
    expectValueError("<integer/>", "line 2: invalid integer \"\"")
    for text in [
      "9223372036854775808", "-9223372036854775809", "0x8000000000000000", "-0x8000000000000001",
      "0xFFFFFFFFFFFFFFFF", "99999999999999999999999",
    ] {
      expectValueError("<integer>\(text)</integer>", "line 2: integer \(text) is out of range")
    }
  }

  @Test func invalidReals() {
    for text in [
      "abc", "", "1e", "1e+", "0x1p3", "1.2.3", "in", "infinit", "nan(1)", "--1", ".", "-", "1,5", "1 5",
      "e5", "1.5f",
      "infinityy", "1_000",
    ] {
      expectValueError("<real>\(text)</real>", "line 2: invalid real \"\(text)\"")
    }
    expectValueError("<real/>", "line 2: invalid real \"\"")
  }

  @Test func invalidDates() {
    for text in [
      "2026-07-01", "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z", "2026-02-30T00:00:00Z",
      "2025-02-29T00:00:00Z",
      "1900-02-29T00:00:00Z", "2026-07-01T24:00:00Z", "2026-07-01T16:60:00Z", "2026-07-01T16:03:60Z",
      "2026-07-01T16:03:00", "2026-07-01T16:03:00.Z", "0000-01-01T00:00:00Z", "26-07-01T16:03:00Z",
      "2026-07-01T16:03:00+01:00", "2026-07-01 16:03:00Z", "2026-07-01T16:03:00Zjunk", "",
      "+2026-07-01T16:03:00Z",
    ] {
      expectValueError("<date>\(text)</date>", "line 2: invalid date \"\(text)\"")
    }
    expectValueError("<date/>", "line 2: invalid date \"\"")
  }

  @Test func invalidBase64() {
    for text in [
      "A", "AAAAA", "AAE=A", "AA=A", "!!!!", "AAA==", "=AAA", "AA===", "AAAA=", "AA-_", "AAE&#61;",
    ] {
      expectValueError("<data>\(text)</data>", "line 2: invalid base64 in <data>")
    }
  }

  @Test func readArrayNeedsAnArray() {
    let cases: [(String, String)] = [
      ("<dict/>", "a dictionary"), ("<string>x</string>", "a string"), ("<integer>1</integer>", "an integer"),
      ("<real>1</real>", "a real"), ("<true/>", "a boolean"), ("<date>2026-07-01T16:03:00Z</date>", "a date"),
      ("<data/>", "data"),
    ]
    for (body, description) in cases {
      #expect(throws: PropertyListError("the top level is \(description), not an array")) {
        try PropertyListReader.readArray(Array("<plist>\(body)</plist>".utf8))
      }
    }
    #expect(throws: PropertyListError("the file is empty")) { try PropertyListReader.readArray([]) }
  }

  @Test func longTextInMessagesIsShortened() {
    let long = String(repeating: "x", count: 100)
    expectValueError(
      "<integer>\(long)</integer>", "line 2: invalid integer \"\(String(repeating: "x", count: 40))…\"")
  }
}
