import Testing

@testable import StormrangeKit

@Suite struct CSVFormatTests {
  @Test(arguments: [
    "plain", "over the lake, north", "say \"hi\"", "two\nlines", "crlf\r\nline", "", " spaced ", "\"", ",",
    "ünïcødé ⚡",
  ])
  func fieldsRoundTrip(field: String) throws {
    let text = CSVFormat.record(["1", field, "end"]) + CSVFormat.record(["2", field, "x"])
    let records = try CSVFormat.records(Array(text.utf8))
    #expect(records.map(\.fields) == [["1", field, "end"], ["2", field, "x"]])
  }

  @Test func quotingFollowsRFC4180() {
    #expect(CSVFormat.field("plain") == "plain")
    #expect(CSVFormat.field("a,b") == "\"a,b\"")
    #expect(CSVFormat.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(CSVFormat.field("a\nb") == "\"a\nb\"")
    #expect(CSVFormat.record(["a", "b"]) == "a,b\r\n")
  }

  @Test func recordsKnowTheLineTheyStartOn() throws {
    let text = "h1,h2\n\"multi\nline\",x\n\nlast,y"
    let records = try CSVFormat.records(Array(text.utf8))
    #expect(records.map(\.line) == [1, 2, 5])
    #expect(records[1].fields == ["multi\nline", "x"])
  }

  @Test(arguments: [
    ("a,b\nc,d\"e\n", 2), ("a,b\n\"c\"d,e\n", 2), ("a,b\nc,\"open\nstill open\n", 2),
  ])
  func malformedTextNamesItsLine(text: String, line: Int) {
    #expect(throws: CSVFormat.SyntaxError.self) { try CSVFormat.records(Array(text.utf8)) }
    do {
      _ = try CSVFormat.records(Array(text.utf8))
    } catch {
      #expect(error.line == line)
    }
  }
}
