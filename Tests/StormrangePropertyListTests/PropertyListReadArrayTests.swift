import FoundationEssentials
import Testing

@testable import StormrangePropertyList

/// `readArray` and the byte ranges it reports for each top-level element.
@Suite struct PropertyListReadArrayTests {
  private func slices(_ bytes: [UInt8]) throws -> [String] {
    try PropertyListReader.readArray(bytes).map { element in
      guard let range = element.xmlRange else { return "<nil>" }
      return String(decoding: bytes[range], as: UTF8.self)
    }
  }

  @Test func rangesOfPlistlibEntries() throws {
    let bytes = PropertyListFixtures.bytes(PropertyListFixtures.plistlibXML)
    let elements = try PropertyListReader.readArray(bytes)
    guard case .array(let expected) = PropertyListFixtures.sample else { return }
    #expect(elements.map(\.value) == expected)
    for element in elements {
      guard let range = element.xmlRange else {
        Issue.record("no range")
        continue
      }
      let text = String(decoding: bytes[range], as: UTF8.self)
      #expect(text.hasPrefix("<dict>\n\t\t<key>date</key>"))
      #expect(text.hasSuffix("\n\t</dict>"))
      // The slice alone is a complete, equal value.
      #expect(
        try PropertyListReader.read(Array("<plist>".utf8) + bytes[range] + Array("</plist>".utf8))
          == element.value)
    }
    // Exactly the text between the array's tags, apart from the indentation between elements.
    let text = PropertyListFixtures.plistlibXML
    guard let open = text.firstRange(of: "<array>\n\t"), let close = text.ranges(of: "\n</array>").last else {
      Issue.record("fixture without an array")
      return
    }
    #expect(try slices(bytes).joined(separator: "\n\t") == String(text[open.upperBound..<close.lowerBound]))
  }

  @Test func rangesMatchTheWriterOutput() throws {
    var buffer = XMLPropertyListWriter.arrayHeader
    var pieces: [[UInt8]] = []
    let values: [PropertyListValue] = [
      .dictionary([PropertyListEntry(key: "a", value: .string("x & y"))]), .string("s"), .integer(3),
      .bool(true),
      .array([]), .array([.array([.integer(1)])]), .data([1, 2, 3]), .date(Date(timeIntervalSince1970: 0)),
      .dictionary([]), .real(.nan),
    ]
    for value in values {
      var piece: [UInt8] = []
      try XMLPropertyListWriter.append(value, to: &piece, depth: 1)
      buffer.append(contentsOf: piece)
      pieces.append(Array(piece.dropFirst().dropLast()))  // without the tab and the newline
    }
    buffer.append(contentsOf: XMLPropertyListWriter.arrayFooter)
    let elements = try PropertyListReader.readArray(buffer)
    #expect(elements.count == values.count)
    for (element, piece) in zip(elements, pieces) {
      #expect(element.xmlRange.map { Array(buffer[$0]) } == piece)
    }
  }

  @Test func rangesOfVariousElementForms() throws {
    let text = """
      <?xml version="1.0"?>
      <plist version="1.0"><array><true/><string>a</string>
        <!-- comment --><array/>  <array><dict><key>k</key><integer>1</integer></dict></array>
      <dict ><key>x</key><false/></dict ><string/><real>1.5</real><data>
      AAEC
      </data></array></plist>
      """
    #expect(
      try slices(Array(text.utf8)) == [
        "<true/>", "<string>a</string>", "<array/>",
        "<array><dict><key>k</key><integer>1</integer></dict></array>",
        "<dict ><key>x</key><false/></dict >", "<string/>", "<real>1.5</real>", "<data>\nAAEC\n</data>",
      ])
  }

  @Test func rangesCountTheByteOrderMarkAndCarriageReturns() throws {
    let bytes: [UInt8] =
      [0xEF, 0xBB, 0xBF]
      + Array("<plist>\r\n<array>\r\n\t<string>é\r\n</string>\r\n\t<true/>\r\n</array>\r\n</plist>\r\n".utf8)
    let elements = try PropertyListReader.readArray(bytes)
    #expect(elements.map(\.value) == [.string("é\n"), .bool(true)])
    #expect(elements.map(\.xmlRange) == [22..<43, 46..<53])
    #expect(try slices(bytes) == ["<string>é\r\n</string>", "<true/>"])
  }

  @Test func emptyArrays() throws {
    #expect(try PropertyListReader.readArray(Array("<plist><array/></plist>".utf8)).isEmpty)
    #expect(try PropertyListReader.readArray(Array("<plist><array>\n</array></plist>".utf8)).isEmpty)
    #expect(
      try PropertyListReader.readArray(XMLPropertyListWriter.arrayHeader + XMLPropertyListWriter.arrayFooter)
        .isEmpty)
  }

  @Test func binaryInputHasNoRanges() throws {
    let elements = try PropertyListReader.readArray(
      PropertyListFixtures.bytes(hex: PropertyListFixtures.plistlibBinaryHex))
    guard case .array(let expected) = PropertyListFixtures.sample else { return }
    #expect(elements.map(\.value) == expected)
    #expect(elements.allSatisfy { $0.xmlRange == nil })
  }
}
