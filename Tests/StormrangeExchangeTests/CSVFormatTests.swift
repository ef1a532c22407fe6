import Testing

@testable import StormrangeExchange

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
    (
      "a,b\nc,d\"e\n",
      "a double quote inside a field; enclose the whole field in quotes and double the quote"
    ),
    ("a,b\n\"c\"d,e\n", "text after a closing quote; a quoted field must end at a comma or line end"),
    ("a,b\nc,\"open\nstill open\n", "a quoted field is never closed"),
  ])
  func malformedTextNamesItsLine(text: String, message: String) {
    #expect(throws: CSVFormat.SyntaxError(line: 2, message: message)) {
      try CSVFormat.records(Array(text.utf8))
    }
  }
}
