import FoundationEssentials
import StormrangeBase
@testable import StormrangeDomain
import Testing

@testable import StormrangeRendering

/// The words of the status: its rows in order, the advice by level, a storm that is over, and the
/// one-line summary.
@Suite struct StatusReportTests {
  let start = ISO8601Time.parse("2026-07-01T15:40:00Z")!

  /// The status at `minutes` after the first of flashes one minute apart with delays `delays`.
  func report(delays: [Double], minutes: Double, unit: DistanceUnit = .kilometres) -> StatusReport {
    let history = delays.enumerated().map { index, delay in
      Measurement(date: start.addingTimeInterval(Double(index) * 60), delay: delay, temperature: 20)
    }
    let status = StormStatus(history: history, now: start.addingTimeInterval(minutes * 60))!
    return StatusReport(status: status, unit: unit, repertoire: .unicode, localTime: .utc)
  }

  @Test func thunderHeardJustNowMeansShelterAndACountdownToTheAllClear() {
    let report = report(delays: [6], minutes: 1)
    #expect(report.rows.map(\.field) == [.latest, .storm, .trend, .chance, .motion, .advice, .advice, .allClear])
    let text = report.block
    #expect(text.contains("latest     #1  2.06 km"))
    #expect(text.contains("flash at 15:40:00, 1 min ago"))
    #expect(
      text.contains("SHELTER NOW: thunder was heard 1 min ago (15:40:06); when thunder roars, go indoors"))
    #expect(text.contains("lightning within about 10 km in the last 30 minutes"))
    // Thirty minutes after the thunder, 15:40:06.
    #expect(text.contains("all clear  in 29:06 (at 16:10:06) if no more thunder is heard"))
  }

  @Test func farThunderShelterWithoutTheCloseLightningRow() {
    let report = report(delays: [60], minutes: 2)
    #expect(report.rows.filter { $0.field == .advice }.count == 1)
    #expect(!report.block.contains("lightning within"))
  }

  @Test func aStormOverSaysSoAndGivesTheAllClear() {
    let report = report(delays: [6, 8], minutes: 60)
    let text = report.block
    #expect(text.contains("storm      2 measurements from 15:40:00 to 15:41:00"))
    #expect(text.contains("the storm is over: no thunder since 15:41:08"))
    #expect(text.contains("advice     all clear: the last thunder was"))
    #expect(!report.rows.contains { $0.field == .allClear })
  }

  @Test func theSummaryNamesCloseLightningInKilometresInEveryUnit() {
    for unit in DistanceUnit.allCases {
      let line = report(delays: [6], minutes: 1, unit: unit).summaryLine
      #expect(line.hasSuffix("shelter now, lightning within 10 km"), "\(unit): \(line)")
    }
    #expect(report(delays: [6], minutes: 60).summaryLine.hasSuffix("all clear (last thunder 1 h 00 min ago)"))
  }

  @Test func entriesAheadAreCountedWithWhenTheFirstJoins() {
    let now = start
    let due = now.addingTimeInterval(3600 + MeasurementRules.clockTolerance)
    #expect(
      StatusReport.leftOutValue(EntriesAhead(count: 2, firstThunder: due), now: now, localTime: .utc)
        == "2 entries dated ahead of now were left out: the first counts from 16:40:00 (in 1 h 00 min)")
    #expect(
      StatusReport.leftOutValue(EntriesAhead(count: 0, firstThunder: nil), now: now, localTime: .utc) == nil)
  }
}
