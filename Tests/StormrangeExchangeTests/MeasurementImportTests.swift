import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import Testing

@testable import StormrangeExchange
@testable import StormrangeStore

/// Reading an import file: the format is known by its content, every row is checked and named as
/// its format counts it, and what `export` writes reads back.
@Suite struct MeasurementImportTests {
  let now = Date(timeIntervalSince1970: 1_782_921_780)

  func read(_ text: String) throws -> MeasurementImport {
    try MeasurementImport(bytes: Array(text.utf8), now: now, defaultTemperature: 20)
  }

  func problems(_ text: String) throws -> [String] { try read(text).problems.map(\.description) }

  @Test func theFormatIsKnownByTheContentNotTheName() throws {
    #expect(try read("date,delay_s\n2026-07-01T16:00:00Z,6\n").source == .csv)
    #expect(try read("[{\"date\": \"2026-07-01T16:00:00Z\", \"delay_s\": 6}]").source == .json)
    #expect(try read("\u{FEFF}date,delay_s\n").source == .csv)  // a spreadsheet's byte-order mark
    let plist = HistoryFormat.encodeFile([])
    #expect(try MeasurementImport(bytes: plist, now: now, defaultTemperature: 20).source == .propertyList)
  }

  @Test func whatExportWritesReadsBackTheSame() throws {
    let measurements = [
      Measurement(
        date: now.addingTimeInterval(-600), delay: 6.5, temperature: 25, note: "over the lake, \"far\""),
      Measurement(
        date: now.addingTimeInterval(-300), distance: 14_000,
        origin: .detector(source: DetectorSource("as3935")!),
        bearing: Bearing(degrees: 250), note: nil),
    ]
    for format in ExchangeFormat.allCases {
      let imported = try read(format.encode(measurements))
      #expect(imported.problems.isEmpty, "\(format)")
      #expect(imported.measurements.map(\.measurement) == measurements, "\(format)")
      #expect(imported.rowCount == 2)
    }
  }

  @Test func aMissingTemperatureIsTheOneSet() throws {
    let imported = try MeasurementImport(
      bytes: Array("date,delay_s\n2026-07-01T16:00:00Z,6\n".utf8), now: now, defaultTemperature: 0)
    #expect(imported.measurements.first?.measurement.timing?.temperature == 0)
  }

  @Test func badRowsAreNamedAsTheirFormatCountsThemAndTheRestAreRead() throws {
    let csv = try read(
      "date,delay_s\n2026-07-01T16:00:00Z,6\n2026-07-01T16:01:00Z,abc\n2026-07-01T16:02:00Z,-1\n")
    #expect(csv.measurements.count == 1 && csv.rowCount == 3)
    #expect(
      csv.problems.map(\.description) == [
        "line 3: delay_s: 'abc' is not a number",
        "line 4: delay must be a positive number of seconds, not '-1.0'",
      ])
    #expect(
      try problems("[{\"date\": \"2026-07-01T16:00:00Z\"}, 7]")
        == [
          "array index 0: no delay_s (nor a source, for a detector's reading)",
          "array index 1: a number, not an object",
        ])
  }

  @Test func aDateBeforeYearOneIsQuotedAsWritten() throws {
    let message = "'0000-06-01T00:00:00Z' is not between the years 1 and 9999"
    #expect(try problems("date,delay_s\n0000-06-01T00:00:00Z,5\n") == ["line 2: " + message])
    #expect(
      try problems(#"[{"date": "0000-06-01T00:00:00Z", "delay_s": 5}]"#) == ["array index 0: " + message])
  }

  @Test func aFileThatIsNoTableAtAllIsRefusedWhole() {
    for (text, reason) in [
      ("", "it is empty"),
      (
        "date,speed\n",
        "line 1: unknown column 'speed'; the columns are \(ExchangeFormat.keys.joined(separator: ", "))"
      ),
      ("delay_s\n6\n", "line 1: the header has no 'date' column"),
      ("date,note\n", "line 1: the header has no 'delay_s' column (nor 'source', for detector readings)"),
      ("{\"date\": 1}", "the JSON is an object, not an array of measurements"),
    ] {
      #expect(throws: ExchangeError.malformed(reason), "\(text)") { try read(text) }
    }
  }

  @Test func aJSONRowWithAKeyTwiceOrAnUnknownKeyIsRefused() throws {
    #expect(
      try problems("[{\"date\": \"2026-07-01T16:00:00Z\", \"delay_s\": 6, \"delay_s\": 7}]")
        == ["array index 0: the key 'delay_s' is given twice; which value is meant cannot be known"])
    #expect(
      try problems("[{\"date\": \"2026-07-01T16:00:00Z\", \"delay\": 6}]")
        == ["array index 0: unknown key 'delay'; the keys are \(ExchangeFormat.keys.joined(separator: ", "))"]
    )
  }

  @Test func aLongDelayIsReadWithAWarning() throws {
    let imported = try read("date,delay_s\n2026-07-01T16:00:00Z,6\n2026-07-01T16:01:00Z,120\n")
    #expect(imported.warnings == ["line 3"])
  }
}
