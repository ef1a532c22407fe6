/// Reads a JSON document (RFC 8259) into a ``JSONValue``, or says where it stops being one and
/// why: `line 3, column 14: expected ',' or ']'`, `line 2, column 12: the number 1e999 is too
/// large …`, `line 1, column 40: \ud800 is half of a UTF-16 surrogate pair without its other half`.
///
/// Our own rather than Foundation's `JSONDecoder`, which on Linux reports no position and gives the
/// same "not valid JSON" for a number out of range, a lone surrogate and a byte that is not UTF-8,
/// and which keeps the first of two equal keys without a word. This reader keeps an object's
/// members in order, duplicates included, so that each of our readers (an import's row, a detector's
/// or a network's message) can refuse an object that gives a key twice, and name the key.
package struct JSONReader {
  /// Where the document stops being JSON, and what is wrong there.
  package struct Problem: Error, Equatable {
    package var line: Int
    package var column: Int
    /// `expected ',' or ']'`, `the number 1e999 is too large …`.
    package var message: String

    package var description: String { "line \(line), column \(column): \(message)" }
  }

  /// Containers nested deeper than this are refused (a stack of 100,000 `[` must not overflow ours).
  package static let maximumDepth = 512

  private let bytes: [UInt8]
  private var index = 0

  /// The value `bytes` hold.
  package static func read(_ bytes: [UInt8]) throws(Problem) -> JSONValue {
    var reader = JSONReader(bytes: bytes)
    if let offset = firstInvalidUTF8(in: bytes) {
      reader.index = offset
      let byte = String(bytes[offset], radix: 16, uppercase: true)
      throw reader.problem("a byte that is not UTF-8 (0x\(byte)); save the file as UTF-8")
    }
    let value = try reader.value(depth: 0)
    reader.skipBlanks()
    guard reader.index == bytes.count else { throw reader.problem("expected the end of the document") }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// The offset of the first byte that does not belong to valid UTF-8, or nil.
  private static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
  }

  private mutating func value(depth: Int) throws(Problem) -> JSONValue {
    skipBlanks()
    guard index < bytes.count else { throw problem("expected a value") }
    guard depth < Self.maximumDepth else {
      throw problem("arrays and objects are nested deeper than \(Self.maximumDepth) levels")
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw problem("expected a value")
    }
  }

  private mutating func array(depth: Int) throws(Problem) -> JSONValue {
    var elements: [JSONValue] = []
    try members(close: "]") { (reader: inout JSONReader) throws(Problem) in
      elements.append(try reader.value(depth: depth + 1))
    }
    return .array(elements)
  }

  private mutating func object(depth: Int) throws(Problem) -> JSONValue {
    var members: [JSONValue.Member] = []
    try self.members(close: "}") { (reader: inout JSONReader) throws(Problem) in
      reader.skipBlanks()
      guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "\"") else {
        throw reader.problem("expected a key in quotes")
      }
      let key = try reader.string()
      reader.skipBlanks()
      guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: ":") else {
        throw reader.problem("expected ':'")
      }
      reader.index += 1
      members.append(JSONValue.Member(key: key, value: try reader.value(depth: depth + 1)))
    }
    return .object(members)
  }

  /// The members of an array or object, each read by `member`, separated by commas, up to `close`.
  private mutating func members(
    close: Unicode.Scalar, _ member: (inout JSONReader) throws(Problem) -> Void
  ) throws(Problem) {
    let closing = UInt8(ascii: close)
    index += 1
    skipBlanks()
    if index < bytes.count, bytes[index] == closing {
      index += 1
      return
    }
    while true {
      try member(&self)
      skipBlanks()
      guard index < bytes.count, bytes[index] == closing || bytes[index] == UInt8(ascii: ",") else {
        throw problem("expected ',' or '\(close)'")
      }
      index += 1
      if bytes[index - 1] == closing { return }
    }
  }

  private mutating func string() throws(Problem) -> String {
    index += 1
    var text = ""
    var run = index  // the start of the bytes not yet added to `text`
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        text += String(decoding: bytes[run..<index], as: UTF8.self)
        index += 1
        return text
      case UInt8(ascii: "\\"):
        text += String(decoding: bytes[run..<index], as: UTF8.self)
        text.unicodeScalars.append(try escape())
        run = index
      case 0..<0x20:
        throw problem("expected a control character to be escaped (\\n, \\t, \\u0001)")
      default:
        index += 1
      }
    }
    throw problem("expected the closing quote of the string")
  }

  /// The character a backslash escape at `index` stands for; `index` moves past it.
  private mutating func escape() throws(Problem) -> Unicode.Scalar {
    let start = index
    guard index + 1 < bytes.count else { throw problem("expected the closing quote of the string") }
    index += 2
    switch bytes[index - 1] {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"): break
    default:
      index = start
      throw problem("expected an escape: \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u and four hex digits")
    }
    let unit = try hexUnit()
    if UTF16.isTrailSurrogate(unit) { throw loneSurrogate(unit, at: start) }
    guard UTF16.isLeadSurrogate(unit) else { return Unicode.Scalar(unit)! }
    // A lead surrogate must be followed by an escaped trail surrogate: `\ud83d\ude00`.
    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
    else { throw loneSurrogate(unit, at: start) }
    index += 2
    let trail = try hexUnit()
    guard UTF16.isTrailSurrogate(trail) else { throw loneSurrogate(unit, at: start) }
    return UTF16.decode(UTF16.EncodedScalar([unit, trail]))
  }

  /// The four hex digits of a `\u` escape.
  private mutating func hexUnit() throws(Problem) -> UInt16 {
    var unit: UInt16 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
        throw problem("expected four hex digits after \\u")
      }
      unit = unit << 4 | UInt16(digit)
      index += 1
    }
    return unit
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private mutating func loneSurrogate(_ unit: UInt16, at start: Int) -> Problem {
    index = start
    let hex = String(unit, radix: 16)
    return problem(
      "\\u\(hex) is half of a UTF-16 surrogate pair without its other half, so it is not a character")
  }

  /// `true`, `false` or `null`. Text that shares only its first letter (`not a strike`) is no
  /// misspelt literal, and is named as no value where it begins.
  private mutating func literal(_ word: String, _ value: JSONValue) throws(Problem) -> JSONValue {
    let start = index
    for (offset, byte) in word.utf8.enumerated() {
      guard index < bytes.count, bytes[index] == byte else {
        guard offset > 1 else {
          index = start
          throw problem("expected a value")
        }
        throw problem("expected '\(word)'")
      }
      index += 1
    }
    return value
  }

  /// A number: `-`, an integer part without leading zeros, an optional fraction and exponent; one
  /// that a 64-bit floating-point number cannot hold (`1e999`, `1e-999`) is refused, not rounded to
  /// infinity or 0.
  private mutating func number() throws(Problem) -> Double {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw problem("expected a digit") }
    if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
      index += 1
      throw problem("expected no digit after a leading 0 (JSON numbers have no leading zeros)")
    }
    var significant = false
    func digits(_ reader: inout JSONReader) {
      while reader.index < reader.bytes.count, reader.isDigit(reader.bytes[reader.index]) {
        if reader.bytes[reader.index] != UInt8(ascii: "0") { significant = true }
        reader.index += 1
      }
    }
    digits(&self)
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw problem("expected a digit after '.'") }
      digits(&self)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw problem("expected a digit in the exponent")
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    let value = Double(text) ?? .infinity
    guard value.isFinite else {
      index = start
      throw problem("the number \(text.escapedForDisplay) is too large (the largest is about 1.8e308)")
    }
    guard value != 0 || !significant else {
      index = start
      throw problem(
        "the number \(text.escapedForDisplay) is too small to tell from 0 (the smallest is about 4.9e-324)")
    }
    return value
  }

  private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  private mutating func skipBlanks() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  /// The problem at the current position; the column counts characters, from 1.
  private func problem(_ message: String) -> Problem {
    let position = min(index, bytes.count)
    let before = bytes[..<position]
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
    let column = String(decoding: bytes[lineStart..<position], as: UTF8.self).count + 1
    return Problem(line: line, column: column, message: message)
  }
}
