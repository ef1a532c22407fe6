import Testing

@testable import StormrangeBase

@Suite struct JSONReaderTests {
  func problem(_ text: String) -> String? {
    problem(Array(text.utf8))
  }

  func problem(_ bytes: [UInt8]) -> String? {
    do {
      _ = try JSONReader.read(bytes)
      return nil
    } catch {
      return error.description
    }
  }

  func value(_ text: String) throws -> JSONValue { try JSONReader.read(Array(text.utf8)) }

  @Test func validDocumentsAreRead() throws {
    for text in ["[]", " {} ", "[1, -2.5e3, true, false, null, \"a\\\"b\", {\"k\": [\"v\"]}]", "\"ü\""] {
      #expect(problem(text) == nil, "\(text)")
    }
    #expect(
      try value(#"[1, -2.5E+3, 0.125e-2, true, null, "a\"b\\/\n\u00e9\ud83d\ude00é"]"#)
        == .array([
          .number(1), .number(-2500), .number(0.00125), .bool(true), .null, .string("a\"b\\/\n\u{E9}😀é"),
        ]))
    #expect(try value("-0") == .number(-0.0))
    #expect(try value("4.9e-324") == .number(4.9e-324))
  }

  @Test func anObjectKeepsItsMembersInOrderAKeyGivenTwiceIncluded() throws {
    #expect(
      try value(#"{"b": 1, "a": 2, "b": 3}"#)
        == .object([
          .init(key: "b", value: .number(1)), .init(key: "a", value: .number(2)),
          .init(key: "b", value: .number(3)),
        ]))
  }

  /// Keys are the same when their code points are, as RFC 8259 and Python's reader compare them:
  /// an escape of the same letter is the same key, but the Kelvin sign is not a K, nor é made of e
  /// and an accent the é of one code point, though Swift's strings compare them equal.
  @Test func aKeyIsGivenTwiceWhenItsCodePointsAreTheSame() throws {
    func repeated(_ text: String) throws -> String? {
      guard case .object(let members) = try value(text) else { return "not an object" }
      return members.repeatedKey
    }
    #expect(try repeated(#"{"lat": 1, "lon": 2, "l\u0061t": 3}"#) == "lat")
    #expect(try repeated(#"{"a": 1, "b": 2}"#) == nil)
    #expect(try repeated(#"{"K": 1, "\u212A": 2}"#) == nil)
    #expect(try repeated(#"{"\u00e9": 1, "e\u0301": 2}"#) == nil)
    #expect(try repeated(#"{"a": 1, "a\u0000": 2}"#) == nil)
  }

  @Test func theFirstErrorIsLocatedByLineAndCharacterColumn() {
    #expect(problem("[{\"date\": }]") == "line 1, column 11: expected a value")
    #expect(problem("[\n  {\"a\": 1}\n  {\"b\": 2}\n]") == "line 3, column 3: expected ',' or ']'")
    #expect(problem("{\"ü\": 1 2}") == "line 1, column 9: expected ',' or '}'")
    #expect(problem("[1,2]x") == "line 1, column 6: expected the end of the document")
    #expect(problem("{a: 1}") == "line 1, column 2: expected a key in quotes")
    #expect(problem("[\"open") == "line 1, column 7: expected the closing quote of the string")
    #expect(problem("[tru]") == "line 1, column 5: expected 'true'")
    #expect(problem("[not a value]") == "line 1, column 2: expected a value")
    #expect(problem("n") == "line 1, column 1: expected a value")
    #expect(
      problem("[\"tab\there\"]")
        == "line 1, column 6: expected a control character to be escaped (\\n, \\t, \\u0001)")
    #expect(problem("") == "line 1, column 1: expected a value")
    #expect(problem("[1,]") == "line 1, column 4: expected a value")
  }

  @Test func numbersFollowJSONsGrammar() {
    #expect(
      problem("[05]")
        == "line 1, column 3: expected no digit after a leading 0 (JSON numbers have no leading zeros)")
    #expect(problem("[-]") == "line 1, column 3: expected a digit")
    #expect(problem("[1.]") == "line 1, column 4: expected a digit after '.'")
    #expect(problem("[1e+]") == "line 1, column 5: expected a digit in the exponent")
    #expect(problem("[+1]") == "line 1, column 2: expected a value")
    #expect(problem("[.5]") == "line 1, column 2: expected a value")
  }

  @Test func aNumberOutOfRangeIsNamedWhereItIs() {
    #expect(
      problem("[\n  {\"delay_s\": 1e999}]")
        == "line 2, column 15: the number 1e999 is too large (the largest is about 1.8e308)")
    #expect(
      problem("[-1.5e400]")
        == "line 1, column 2: the number -1.5e400 is too large (the largest is about 1.8e308)")
    #expect(
      problem("[1e-999]")
        == "line 1, column 2: the number 1e-999 is too small to tell from 0 (the smallest is about 4.9e-324)")
    #expect(problem("[0e-999, 0.000e5]") == nil)
  }

  @Test func aLoneSurrogateIsNamedWhereItIs() {
    let lone = "is half of a UTF-16 surrogate pair without its other half, so it is not a character"
    #expect(problem(#"["ab\ud800"]"#) == "line 1, column 5: \\ud800 \(lone)")
    #expect(problem(#"["\udc00x"]"#) == "line 1, column 3: \\udc00 \(lone)")
    #expect(problem(#"["\ud83d\u0041"]"#) == "line 1, column 3: \\ud83d \(lone)")
    #expect(problem(#"["\ud83dx"]"#) == "line 1, column 3: \\ud83d \(lone)")
    #expect(problem(#"["\u12g4"]"#) == "line 1, column 7: expected four hex digits after \\u")
    #expect(
      problem(#"["\x"]"#)
        == "line 1, column 3: expected an escape: \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u and four hex digits"
    )
  }

  @Test func aByteThatIsNotUTF8IsNamedWhereItIs() {
    #expect(
      problem(Array("[\"é".utf8) + [0xFC] + Array("\"]".utf8))
        == "line 1, column 4: a byte that is not UTF-8 (0xFC); save the file as UTF-8")
  }

  @Test func deepNestingIsAProblemNotACrash() {
    #expect(
      problem(String(repeating: "[", count: 100_000))
        == "line 1, column 513: arrays and objects are nested deeper than 512 levels")
  }
}
