import FoundationEssentials
import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeExchange
@testable import StormrangePropertyList
@testable import StormrangeShell
@testable import StormrangeStore

@Suite struct ImportCommandTests {
  private let header = "index,date,delay_s,distance_m,temperature_c,speed_of_sound_mps,note\r\n"

  @Test(arguments: ExchangeFormat.allCases)
  func anExportImportsBackExactly(format: ExchangeFormat) throws {
    let test = TestSession()
    test.runAll([
      "add 6 at 2026-07-01T16:00:00Z note over the lake, \"north\"", "add 9.25 at 2026-07-01T16:01:00Z",
      "export \(format.rawValue) \(test.directory.file("out"))",
    ])
    let original = try test.reloadedHistory()
    test.runAll(["clear"])
    _ = test.output.take()
    #expect(!test.run("import \(test.directory.file("out"))"))
    #expect(
      test.output.take()
        == "imported 2 measurements from \(test.directory.file("out")) (\(format.rawValue.uppercased())) ('undo' removes them)\n"
    )
    #expect(try test.reloadedHistory() == original)
  }

  @Test func rowsAlreadyInTheHistoryAreSkipped() throws {
    let test = TestSession()
    test.runAll(["add 6 at 2026-07-01T16:00:00Z", "export csv \(test.directory.file("a.csv"))", "add 7"])
    _ = test.output.take()
    #expect(!test.run("import \(test.directory.file("a.csv"))"))
    #expect(
      test.output.take()
        == "nothing new: the measurement in \(test.directory.file("a.csv")) is already in the history\n")
    try test.directory.write(
      "b.csv",
      header + "1,2026-07-01T16:00:00Z,6.0,2059.2877360954076,20.0,343.21462268256795,\r\n"
        + "2,2026-07-01T15:05:00Z,5,,,,\r\n")
    #expect(!test.run("import \(test.directory.file("b.csv"))"))
    #expect(test.output.take().contains("imported 1 measurement from"))
    #expect(try test.reloadedHistory().count == 3)
    // Importing the same file again adds nothing.
    #expect(!test.run("import \(test.directory.file("b.csv"))"))
    #expect(try test.reloadedHistory().count == 3)
  }

  @Test func badRowsAreReportedByLineAndNothingIsImported() throws {
    let test = TestSession()
    test.runAll(["add 6"])
    let before = test.directory.bytes("history.plist")
    try test.directory.write(
      "bad.csv",
      header
        + "1,2026-07-01T15:00:00Z,6,,,,fine\r\n"
        + "2,2026-07-01T15:01:00Z,abc,,,,\r\n"
        + "3,2026-07-01T15:02:00Z,6,,,,\"bell\u{7}\"\r\n"
        + "4,2026-07-01T15:03:00Z,301,,,,\r\n"
        + "5,yesterday,5,,,,\r\n"
        + "6,2026-07-01T15:05:00Z,5,9999,,,\r\n"
        + "7,2026-07-01T15:06:00Z,5,,,\r\n"
        + "8,2026-07-01T15:07:00Z,5,,99,,\r\n")
    #expect(test.run("import \(test.directory.file("bad.csv"))"))
    let errors = test.errors.text.split(separator: "\n").map(String.init)
    let path = test.directory.file("bad.csv")
    try #require(errors.count == 8, "\(errors)")
    #expect(errors[0] == "stormrange: line 1: \(path): line 3: delay_s: 'abc' is not a number")
    #expect(errors[1].contains("line 4: the note contains U+0007, which the history file cannot hold"))
    #expect(errors[2].contains("line 5: delay 301.0 s is too long"))
    #expect(errors[3].contains("line 6: date: 'yesterday' is not an ISO 8601 time"))
    #expect(errors[4].contains("line 7: distance 9999.0 m does not match"))
    #expect(errors[5].contains("line 8: 6 fields, but the header names 7"))
    #expect(errors[6].contains("line 9: temperature 99.0 °C is not a plausible air temperature"))
    #expect(
      errors[7]
        == "stormrange: line 1: nothing was imported: 7 of 8 rows in \(path) are invalid; fix them and import "
        + "again, or 'import --skip-invalid' to import only the valid ones"
    )
    #expect(test.directory.bytes("history.plist") == before)
    // The failed import left no undo step: undo reverts the add. (Had it left one, undo would
    // succeed too, saying the imported measurements are no longer there.)
    _ = test.output.take()
    #expect(!test.run("undo"))
    #expect(test.output.text == "undid the add of 2.06 km\n")
    #expect(try test.reloadedHistory().isEmpty)
  }

  @Test func badJSONElementsAreReportedByArrayIndex() throws {
    let test = TestSession()
    try test.directory.write(
      "bad.json",
      """
      [{"date": "2026-07-01T16:00:00Z", "delay_s": 6},
       {"date": "2026-07-01T16:01:00Z", "delay_s": "6"},
       [1, 2],
       {"date": "2026-07-01T16:02:00Z", "delay_s": 6, "colour": "red"},
       {"delay_s": 6, "note": null}]
      """)
    #expect(test.run("import \(test.directory.file("bad.json"))"))
    let errors = test.errors.text
    #expect(errors.contains("array index 1: 'delay_s' is a string, not a number"))
    #expect(errors.contains("array index 2: an array, not an object"))
    #expect(errors.contains("array index 3: unknown key 'colour'"))
    #expect(errors.contains("array index 4: no date"))
    #expect(!errors.contains("array index 0"))
    #expect(errors.contains("nothing was imported: 4 of 5 rows"))
    #expect(test.directory.bytes("history.plist") == nil)
  }

  @Test func aPropertyListInTheHistoryFormatImports() throws {
    let other = TestSession()
    other.runAll(["add 6 at 2026-07-01T16:00:00Z note first", "add 5 at 2026-07-01T16:02:00Z"])
    let test = TestSession()
    test.runAll(["add 9 at 2026-07-01T15:00:00Z"])
    _ = test.output.take()
    #expect(!test.run("import \(other.historyPath)"))
    #expect(test.output.take().contains("imported 2 measurements from \(other.historyPath) (property list)"))
    #expect(try test.reloadedHistory().map(\.delay) == [9, 6, 5])
    // A bad entry is named by its number, from 1.
    let bad = PropertyListValue.array([
      HistoryFormat.propertyList(
        of: HistoryEntry(
          Measurement(date: Date(timeIntervalSince1970: 1_782_921_600), delay: 4, temperature: 20))),
      .dictionary([PropertyListEntry(key: "delay", value: .real(3))]),
      .dictionary([PropertyListEntry(key: "date", value: .string("today"))]),
    ])
    try test.directory.write(
      "bad.plist", String(decoding: try XMLPropertyListWriter.document(bad), as: UTF8.self))
    #expect(test.run("import \(test.directory.file("bad.plist"))"))
    #expect(test.errors.text.contains("bad.plist: entry 2 has no 'date'\n"))
    #expect(test.errors.text.contains("bad.plist: entry 3: 'date' is a string, not a date\n"))
  }

  @Test func undoRemovesTheWholeImportInOneStep() throws {
    let test = TestSession()
    test.runAll(["add 9 at 2026-07-01T15:00:00Z"])
    try test.directory.write(
      "three.csv", "date,delay_s\n2026-07-01T16:00:00Z,6\n2026-07-01T16:01:00Z,5\n2026-07-01T16:02:00Z,4\n")
    test.runAll(["import \(test.directory.file("three.csv"))", "add 3"])
    #expect(try test.reloadedHistory().count == 5)
    test.runAll(["undo"])  // the add
    _ = test.output.take()
    test.runAll(["undo"])  // the import
    #expect(test.output.take() == "undid the import of 3 measurements\n")
    #expect(try test.reloadedHistory().map(\.delay) == [9])
  }

  @Test func minimalCSVUsesTheCurrentTemperature() throws {
    let test = TestSession()
    test.runAll(["set temperature 30"])
    try test.directory.write("min.csv", "\u{FEFF}date , delay_s\r\n2026-07-01T16:00:00+02:00,6\r\n")
    test.runAll(["import \(test.directory.file("min.csv"))"])
    let imported = try #require(try test.reloadedHistory().first)
    #expect(imported.timing?.temperature == 30)
    #expect(imported.timing?.speedOfSound == SpeedOfSound.metresPerSecond(celsius: 30))
    #expect(imported.distance == 6 * SpeedOfSound.metresPerSecond(celsius: 30))
    #expect(imported.date == ISO8601Time.parse("2026-07-01T14:00:00Z"))
  }

  @Test func wholeFileProblems() throws {
    let test = TestSession()
    #expect(test.run("import \(test.directory.file("missing.csv"))"))
    #expect(test.errors.take().contains("there is no such file"))
    try test.directory.write("cols.csv", "date,delay\n2026-07-01T16:00:00Z,6\n")
    #expect(test.run("import \(test.directory.file("cols.csv"))"))
    #expect(test.errors.take().contains("unknown column 'delay'; the columns are index, date, delay_s"))
    try test.directory.write("broken.json", "[{\"date\": ")
    #expect(test.run("import \(test.directory.file("broken.json"))"))
    #expect(test.errors.take().contains("it is not valid JSON"))
    try test.directory.write("object.json", "{\"date\": 1}")
    #expect(test.run("import \(test.directory.file("object.json"))"))
    #expect(test.errors.take().contains("not an array"))
    try test.directory.write("empty.csv", "date,delay_s\n")
    #expect(!test.run("import \(test.directory.file("empty.csv"))"))
    #expect(test.output.take().contains("holds no measurements"))
    #expect(test.run("import"))
    #expect(test.directory.bytes("history.plist") == nil)
  }

  @Test func futureDatesAreRefusedAsAddRefusesThem() throws {
    let test = TestSession()
    let future = UTCTime.format(test.clock.now().wall.addingTimeInterval(3600))
    try test.directory.write("f.csv", "date,delay_s\n\(future),6\n")
    #expect(test.run("import \(test.directory.file("f.csv"))"))
    #expect(test.errors.text.contains("line 2: the date \(future) is in the future"))
  }

  @Test func longDelaysAreImportedWithOneWarning() throws {
    let test = TestSession()
    try test.directory.write("long.csv", "date,delay_s\n2026-07-01T16:00:00Z,80\n2026-07-01T16:01:00Z,90\n")
    #expect(!test.run("import \(test.directory.file("long.csv"))"))
    #expect(
      test.errors.text
        == "stormrange: line 1: warning: 2 imported delays are over 75 s (line 2, line 3): thunder is rarely heard beyond about 25 km (75 s)\n"
    )
    #expect(try test.reloadedHistory().map(\.delay) == [80, 90])
  }

  @Test func skipInvalidImportsTheValidRowsAndWarnsAboutTheOthers() throws {
    let test = TestSession()
    try test.directory.write(
      "mixed.csv", "date,delay_s\n2026-07-01T16:00:00Z,6\n2026-07-01T16:01:00Z,-5\n2026-07-01T16:02:00Z,4\n")
    let path = test.directory.file("mixed.csv")
    #expect(!test.run("import --skip-invalid \(path)"))
    #expect(
      test.output.take()
        == "imported 2 measurements from \(path) (CSV); skipped 1 invalid row ('undo' removes them)\n")
    #expect(
      test.errors.take()
        == "stormrange: line 1: warning: \(path): line 3: delay must be a positive number of seconds, not '-5.0'\n"
    )
    #expect(try test.reloadedHistory().map(\.delay) == [6, 4])
  }

  @Test func skipInvalidFailsWhenNoRowIsValid() throws {
    let test = TestSession()
    try test.directory.write("bad.csv", "date,delay_s\n2026-07-01T16:01:00Z,-5\n")
    let path = test.directory.file("bad.csv")
    #expect(test.run("import --skip-invalid \(path)"))
    #expect(
      test.errors.take().hasSuffix(
        "nothing was imported: 1 of 1 rows in \(path) is invalid, so there is nothing valid to import\n"))
    #expect(test.directory.bytes("history.plist") == nil)
  }

  @Test func propertyListEntriesFollowTheLoadingRules() throws {
    let test = TestSession()
    let now = test.clock.now().wall
    func entry(delay: Double, distance: Double, date: Date) -> PropertyListValue {
      .dictionary([
        PropertyListEntry(key: "date", value: .date(date)),
        PropertyListEntry(key: "delay", value: .real(delay)),
        PropertyListEntry(key: "distance", value: .real(distance)),
        PropertyListEntry(key: "temperature", value: .real(20)),
        PropertyListEntry(key: "speedOfSound", value: .real(343)),
      ])
    }
    // A distance off delay × speed and a date an hour ahead load, so they import; a negative delay
    // does not load, so it is skipped.
    let file = PropertyListValue.array([
      entry(delay: 6, distance: 2100, date: now.addingTimeInterval(-60)),
      entry(delay: -5, distance: 2058, date: now.addingTimeInterval(-30)),
      entry(delay: 5, distance: 1715, date: now.addingTimeInterval(3600)),
    ])
    try test.directory.write(
      "h.plist", String(decoding: try XMLPropertyListWriter.document(file), as: UTF8.self))
    #expect(!test.run("import --skip-invalid \(test.directory.file("h.plist"))"))
    #expect(
      test.errors.take().contains("warning: \(test.directory.file("h.plist")): entry 2: 'delay' is -5,"))
    #expect(try test.reloadedHistory().map(\.distance) == [2100, 1715])
  }

  @Test func completionOffersSkipInvalid() {
    #expect(ImportCommand().completions(forArgument: 0, after: []) == ["--skip-invalid"])
    #expect(ImportCommand().completions(forArgument: 1, after: ["--skip-invalid"]) == [])
  }
}
