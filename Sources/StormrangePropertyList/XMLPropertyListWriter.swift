import FoundationEssentials
import StormrangeBase

/// Writes XML property lists in the layout of Apple's tools and Python's `plistlib`: tab indentation,
/// `<dict/>` and `<array/>` for empty containers, base64 data on its own lines.
///
/// Everything is appended to a caller's byte buffer, so the history writer can append ~200-byte
/// entries to one big buffer (next to entries it copies verbatim) without intermediate strings.
package enum XMLPropertyListWriter {
  /// `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<array>\n`
  package static let arrayHeader: [UInt8] = documentHeader + Array("<array>\n".utf8)

  /// `</array>\n</plist>\n`
  package static let arrayFooter: [UInt8] = Array("</array>\n</plist>\n".utf8)

  private static let documentHeader: [UInt8] = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """.utf8)

  private static let documentFooter: [UInt8] = Array("</plist>\n".utf8)

  /// Containers nested deeper than this are refused, as the readers refuse them.
  static let maximumDepth = 512

  /// Appends `value` as XML, indented with `depth` tabs, ending in a newline (Apple/plistlib style).
  package static func append(_ value: PropertyListValue, to buffer: inout [UInt8], depth: Int)
    throws(PropertyListError)
  {
    guard depth <= maximumDepth else {
      throw PropertyListError("the value is nested more than \(maximumDepth) deep")
    }
    let depth = max(depth, 0)
    appendTabs(depth, to: &buffer)
    switch value {
    case .string(let string):
      appendLiteral("<string>", to: &buffer)
      try appendEscaped(string, to: &buffer)
      appendLiteral("</string>\n", to: &buffer)
    case .integer(let integer):
      appendLiteral("<integer>", to: &buffer)
      buffer.append(contentsOf: String(integer).utf8)
      appendLiteral("</integer>\n", to: &buffer)
    case .real(let real):
      appendLiteral("<real>", to: &buffer)
      appendReal(real, to: &buffer)
      appendLiteral("</real>\n", to: &buffer)
    case .bool(let bool):
      appendLiteral(bool ? "<true/>\n" : "<false/>\n", to: &buffer)
    case .date(let date):
      guard UTCTime.isRepresentable(date) else {
        throw PropertyListError(
          "the date \(date.timeIntervalSince1970) seconds from 1970 is outside the years \(UTCTime.fourDigitYears)")
      }
      appendLiteral("<date>", to: &buffer)
      UTCTime.append(date, to: &buffer)
      appendLiteral("</date>\n", to: &buffer)
    case .data(let data):
      appendLiteral("<data>\n", to: &buffer)
      appendBase64Lines(data, depth: depth, to: &buffer)
      appendTabs(depth, to: &buffer)
      appendLiteral("</data>\n", to: &buffer)
    case .array(let elements):
      if elements.isEmpty {
        appendLiteral("<array/>\n", to: &buffer)
        return
      }
      appendLiteral("<array>\n", to: &buffer)
      for element in elements {
        try append(element, to: &buffer, depth: depth + 1)
      }
      appendTabs(depth, to: &buffer)
      appendLiteral("</array>\n", to: &buffer)
    case .dictionary(let entries):
      if entries.isEmpty {
        appendLiteral("<dict/>\n", to: &buffer)
        return
      }
      appendLiteral("<dict>\n", to: &buffer)
      for entry in entries {
        appendTabs(depth + 1, to: &buffer)
        appendLiteral("<key>", to: &buffer)
        try appendEscaped(entry.key, to: &buffer)
        appendLiteral("</key>\n", to: &buffer)
        try append(entry.value, to: &buffer, depth: depth + 1)
      }
      appendTabs(depth, to: &buffer)
      appendLiteral("</dict>\n", to: &buffer)
    }
  }

  /// A complete document whose top level is `value`.
  package static func document(_ value: PropertyListValue) throws(PropertyListError) -> [UInt8] {
    var buffer = documentHeader
    try append(value, to: &buffer, depth: 0)
    buffer.append(contentsOf: documentFooter)
    return buffer
  }

  /// Appends a string escaped for XML text (& < > escaped). Throws if it holds a character XML 1.0
  /// cannot hold (controls other than tab, LF, CR; U+FFFE, U+FFFF), naming it like U+0007.
  ///
  /// A carriage return is written as `&#13;`: XML readers turn a literal one into a line feed, so
  /// only the reference round-trips.
  static func appendEscaped(_ string: String, to buffer: inout [UInt8]) throws(PropertyListError) {
    var string = string
    let forbidden: UInt32? = string.withUTF8 { utf8 in
      var runStart = 0
      var index = 0
      let count = utf8.count
      while index < count {
        let byte = utf8[index]
        // Only bytes below "?" and the lead byte of U+FFFE/U+FFFF need a look.
        if byte >= UInt8(ascii: "?") && byte != 0xEF {
          index += 1
          continue
        }
        let replacement: StaticString
        switch byte {
        case UInt8(ascii: "&"): replacement = "&amp;"
        case UInt8(ascii: "<"): replacement = "&lt;"
        case UInt8(ascii: ">"): replacement = "&gt;"
        case UInt8(ascii: "\r"): replacement = "&#13;"
        case 0xEF:
          if index + 2 < count && utf8[index + 1] == 0xBF && utf8[index + 2] >= 0xBE {
            return utf8[index + 2] == 0xBE ? 0xFFFE : 0xFFFF
          }
          index += 1
          continue
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"):
          index += 1
          continue
        case 0..<0x20:
          return UInt32(byte)
        default:
          index += 1
          continue
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        appendLiteral(replacement, to: &buffer)
        index += 1
        runStart = index
      }
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
      return nil
    }
    if let forbidden {
      let hex = String(forbidden, radix: 16, uppercase: true)
      let name = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      var excerpt = String(string.unicodeScalars.prefix(30).map { $0.value < 0x20 ? " " : Character($0) })
      if string.unicodeScalars.count > 30 { excerpt += "…" }
      throw PropertyListError("the text \"\(excerpt)\" contains \(name), which XML cannot hold")
    }
  }

  /// Appends a real the way it round-trips exactly (Swift's shortest `description`; inf/-inf/nan).
  static func appendReal(_ value: Double, to buffer: inout [UInt8]) {
    if value.isNaN {
      appendLiteral("nan", to: &buffer)
    } else if value.isInfinite {
      appendLiteral(value < 0 ? "-inf" : "inf", to: &buffer)
    } else {
      buffer.append(contentsOf: value.description.utf8)
    }
  }

  // MARK: - Pieces

  @inline(__always)
  private static func appendLiteral(_ literal: StaticString, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  @inline(__always)
  private static func appendTabs(_ count: Int, to buffer: inout [UInt8]) {
    for _ in 0..<max(count, 0) { buffer.append(UInt8(ascii: "\t")) }
  }

  /// Base64 lines as plistlib writes them: each indented like the `<data>` tag, at most
  /// max(16, 76 − 8 × depth) characters (a multiple of four).
  private static func appendBase64Lines(_ data: [UInt8], depth: Int, to buffer: inout [UInt8]) {
    let bytesPerLine = max(16, 76 - 8 * depth) / 4 * 3
    for lineStart in stride(from: 0, to: data.count, by: bytesPerLine) {
      appendTabs(depth, to: &buffer)
      let line = Data(data[lineStart..<min(lineStart + bytesPerLine, data.count)])
      buffer.append(contentsOf: line.base64EncodedData())
      buffer.append(UInt8(ascii: "\n"))
    }
  }
}
