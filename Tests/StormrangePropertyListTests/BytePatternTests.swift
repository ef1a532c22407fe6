import Testing

@testable import StormrangePropertyList

/// The XML reader's tag constants are what their comments say.
@Suite struct BytePatternTests {
  @Test func constantsMatchTheirText() {
    let cases: [(BytePattern, StaticString)] = [
      (.keyOpen, "key>"), (.realOpen, "real>"), (.dictOpen, "dict>"), (.dateOpen, "date>"),
      (.stringOpen, "string>"),
      (.integerOpen, "integer>"), (.trueEmpty, "true/>"), (.falseEmpty, "false/>"), (.arrayOpen, "array>"),
      (.keyClose, "</key>"), (.stringClose, "</string>"), (.integerClose, "</integer>"),
      (.realClose, "</real>"),
      (.dateClose, "</date>"), (.dataClose, "</data>"), (.dictClose, "</dict>"), (.arrayClose, "</array>"),
      (.plistClose, "</plist>"), (.trueClose, "</true>"), (.falseClose, "</false>"),
    ]
    for (pattern, text) in cases {
      #expect(pattern == BytePattern(text), "\(text)")
      let bytes = (0..<pattern.length).map { pattern.byte($0) }
      #expect(String(decoding: bytes, as: UTF8.self) == text.description)
    }
  }
}
