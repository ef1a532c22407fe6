import Testing

@testable import StormrangeKit

@Suite struct JSONSyntaxCheckTests {
  func problem(_ text: String) -> String? {
    JSONSyntaxCheck.firstProblem(in: Array(text.utf8))?.description
  }

  @Test func validDocumentsHaveNoProblem() {
    for text in ["[]", " {} ", "[1, -2.5e3, true, false, null, \"a\\\"b\", {\"k\": [\"v\"]}]", "\"ü\""] {
      #expect(problem(text) == nil, "\(text)")
    }
  }

  @Test func theFirstErrorIsLocatedByLineAndCharacterColumn() {
    #expect(problem("[{\"date\": }]") == "line 1, column 11: expected a value")
    #expect(problem("[\n  {\"a\": 1}\n  {\"b\": 2}\n]") == "line 3, column 3: expected ',' or ']'")
    #expect(problem("{\"ü\": 1 2}") == "line 1, column 9: expected ',' or '}'")
    #expect(problem("[1,2]x") == "line 1, column 6: expected the end of the document")
    #expect(problem("{a: 1}") == "line 1, column 2: expected a key in quotes")
    #expect(problem("[\"open") == "line 1, column 7: expected the closing quote of the string")
    #expect(problem("[tru]") == "line 1, column 5: expected 'true'")
    #expect(
      problem("[\"tab\there\"]")
        == "line 1, column 6: expected a control character to be escaped (\\n, \\t, \\u0001)")
    #expect(problem("") == "line 1, column 1: expected a value")
  }

  @Test func deepNestingIsAProblemNotACrash() {
    #expect(problem(String(repeating: "[", count: 100_000)) != nil)
  }
}
