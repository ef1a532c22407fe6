/// Finds where a document stops being JSON (RFC 8259), so that an import can say "line 3,
/// column 14: expected ',' or ']'" instead of the decoder's "The given data was not valid JSON."
/// (Foundation's decoder reports no position on Linux.) It only locates the first error; the
/// decoder still does the reading.
struct JSONSyntaxCheck {
  /// Where the first error is, and what was expected there.
  struct Problem: Equatable {
    var line: Int
    var column: Int
    var expected: String

    var description: String { "line \(line), column \(column): expected \(expected)" }
  }

  private let bytes: [UInt8]
  private var index = 0

  /// The first syntax error in `bytes`, or nil when they are one JSON value.
  static func firstProblem(in bytes: [UInt8]) -> Problem? {
    var check = JSONSyntaxCheck(bytes: bytes)
    return check.document()
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private mutating func document() -> Problem? {
    if let problem = value(depth: 0) { return problem }
    skipBlanks()
    return index < bytes.count ? problem("the end of the document") : nil
  }

  private mutating func value(depth: Int) -> Problem? {
    skipBlanks()
    guard depth < 512, index < bytes.count else { return problem("a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), depth: depth, keyed: true)
    case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), depth: depth, keyed: false)
    case UInt8(ascii: "\""): return string()
    case UInt8(ascii: "t"): return literal("true")
    case UInt8(ascii: "f"): return literal("false")
    case UInt8(ascii: "n"): return literal("null")
    default: return number()
    }
  }

  private mutating func container(close: UInt8, depth: Int, keyed: Bool) -> Problem? {
    index += 1
    skipBlanks()
    if index < bytes.count, bytes[index] == close {
      index += 1
      return nil
    }
    while true {
      if keyed {
        skipBlanks()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          return problem("a key in quotes")
        }
        if let problem = string() { return problem }
        skipBlanks()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return problem("':'") }
        index += 1
      }
      if let problem = value(depth: depth + 1) { return problem }
      skipBlanks()
      guard index < bytes.count else { return problem("',' or '\(Character(Unicode.Scalar(close)))'") }
      if bytes[index] == close {
        index += 1
        return nil
      }
      guard bytes[index] == UInt8(ascii: ",") else {
        return problem("',' or '\(Character(Unicode.Scalar(close)))'")
      }
      index += 1
    }
  }

  private mutating func string() -> Problem? {
    index += 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return nil
      case UInt8(ascii: "\\"):
        index += 2
      case 0..<0x20:
        return problem("a control character to be escaped (\\n, \\t, \\u0001)")
      default:
        index += 1
      }
    }
    return problem("the closing quote of the string")
  }

  private mutating func literal(_ word: String) -> Problem? {
    for byte in word.utf8 {
      guard index < bytes.count, bytes[index] == byte else { return problem("'\(word)'") }
      index += 1
    }
    return nil
  }

  private mutating func number() -> Problem? {
    let start = index
    while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
    return index == start ? problem("a value") : nil
  }

  private mutating func skipBlanks() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  /// The problem at the current position; the column counts characters, from 1.
  private func problem(_ expected: String) -> Problem {
    let position = min(index, bytes.count)
    let before = bytes[..<position]
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
    let column = String(decoding: bytes[lineStart..<position], as: UTF8.self).count + 1
    return Problem(line: line, column: column, expected: expected)
  }
}
