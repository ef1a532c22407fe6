import FoundationEssentials
import StormrangeBase
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeRendering

/// `status` of a storm of several cells leads with the one that may come nearest, and gives each
/// of the others a line (issue 33).
@Suite struct StatusReportCellsTests {
  @Test func theOtherCellsHaveALineEach() throws {
    let status = HistoryStatus(
      history: CellsFixture.comingAndStill(), now: CellsFixture.now)
    let report = try #require(StatusReport(status, unit: .kilometres, repertoire: .unicode, localTime: .utc))
    let lines = report.block.split(separator: "\n").map(String.init)
    let cells = try #require(lines.firstIndex { $0.hasPrefix("cells ") })
    #expect(lines[cells] == "cells      this is cell 1, which leads; 1 other:")
    #expect(lines[cells + 1] == "           cell 2  20.00 km E, under 1 in 20 within 10 km in 30 min")
    #expect(lines[0].hasPrefix("latest     #59 "), "the leading cell's latest group: \(lines[0])")
    #expect(lines[1].hasPrefix("storm      cell 1: 30 measurements from "), "\(lines[1])")
  }

  /// A short dashboard lets each other cell's line go first, and keeps, longer than the leading
  /// cell's storm, ranges and trend rows, that there are other cells and which one it shows.
  @Test func aShortDashboardKeepsTheCellsRowWithoutItsLines() throws {
    let status = HistoryStatus(
      history: CellsFixture.comingAndStill(), now: CellsFixture.now)
    let report = try #require(StatusReport(status, unit: .kilometres, repertoire: .unicode, localTime: .utc))
    let rows = report.block.split(separator: "\n").count
    func frame(height: Int) -> [String] {
      WatchFrame(
        status: status, problem: nil, unit: .kilometres, repertoire: .unicode, localTime: .utc,
        now: CellsFixture.now, width: 200, height: height
      ).lines
    }
    // One row short: the blank line under the title gives way, then the other cell's line.
    let short = frame(height: rows)
    #expect(short.contains("cells      this is cell 1, which leads; 1 other"), "\(short)")
    #expect(!short.contains { $0.contains("cell 2  ") })
    #expect(short.contains { $0.hasPrefix("storm      cell 1: ") })
    #expect(frame(height: rows + 1).contains("cells      this is cell 1, which leads; 1 other:"))
    // Shorter still: the rows that describe the leading cell go before the cells row.
    let shorter = frame(height: 7)
    #expect(shorter.contains("cells      this is cell 1, which leads; 1 other"), "\(shorter)")
    #expect(!shorter.contains { $0.hasPrefix("storm ") || $0.hasPrefix("trend ") })
  }

  @Test func aStormOfOneCellSaysNothingOfCells() throws {
    let west = CellsFixture.comingAndStill().enumerated().filter { $0.offset % 2 == 0 }.map(
      \.element)
    let status = HistoryStatus(history: west, now: CellsFixture.now)
    let report = try #require(StatusReport(status, unit: .kilometres, repertoire: .unicode, localTime: .utc))
    #expect(!report.block.contains("cell"))
  }
}
