import Foundation
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeRendering

@Suite struct StatusJSONTests {
  let now = Date(timeIntervalSince1970: 1_782_921_780)

  func decode(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func noMeasurementsIsAllNullButTheAdviceAndNoCells() throws {
    let text = StatusJSON.encode(HistoryStatus(history: [StormrangeDomain.Measurement](), now: now))
    #expect(!text.contains("\n"))
    #expect(
      text
        == #"{"latest": null, "storm": null, "trend": null, "motion": null, "advice": {"level": "all-clear", "within_10km": false, "all_clear_at": null}, "excluded_ahead": 0, "cells": []}"#
    )
  }

  @Test func aDetectorsReadingAndTooFewForATrend() throws {
    let source = try #require(DetectorSource("as3935"))
    let reading = Measurement(
      date: now.addingTimeInterval(-60), distance: 10_000, origin: .detector(source: source),
      bearing: Bearing(degrees: 90), note: nil)
    let object = try decode(StatusJSON.encode(HistoryStatus(history: [reading], now: now)))
    let latest = try #require(object["latest"] as? [String: Any])
    #expect(latest["index"] as? Int == 1)
    #expect(latest["date"] as? String == "2026-07-01T16:02:00Z")
    #expect(latest["distance_m"] as? Double == 10_000)
    #expect(abs((latest["uncertainty_m"] as? Double ?? 0) - 2000 / 12.0.squareRoot()) < 1e-9)
    #expect(latest["bearing_deg"] as? Double == 90)
    #expect(latest["source"] as? String == "as3935")
    let trend = try #require(object["trend"] as? [String: Any])
    #expect(trend["direction"] as? String == "unknown")
    #expect(trend["speed_mps"] is NSNull && trend["rate_mps"] is NSNull)
    // One reading is enough for the chances: at 10 km the storm's centre may well be inside.
    for key in ["within_10km_chance", "chance_approaching", "chance_receding"] {
      let chance = try #require(trend[key] as? Double, "\(key)")
      #expect(chance > 0 && chance < 1, "\(key)")
      // To 4 decimals: no sum's rounding in the text (0.9924999999999461).
      #expect((chance * 10_000).rounded() / 10_000 == chance, "\(key): \(chance)")
    }
    let text = StatusJSON.encode(HistoryStatus(history: [reading], now: now))
    let written = text.split(separator: "\"within_10km_chance\": ")[1].prefix { $0 != "," }
    #expect(written.count <= 6, "\(written)")
    #expect(object["motion"] is NSNull)
    let advice = try #require(object["advice"] as? [String: Any])
    #expect(advice["level"] as? String == "shelter-now")
    #expect(advice["within_10km"] as? Bool == true)
    #expect(advice["all_clear_at"] as? String == "2026-07-01T16:32:00Z")
  }
}

/// Several cells: the top level describes the leading one, and `cells` lists each (issue 33).
@Suite struct StatusJSONCellsTests {
  @Test func theLeadingCellIsTheTopLevelAndEveryCellIsListed() throws {
    let history = CellsFixture.comingAndStill()
    let status = HistoryStatus(history: history, now: CellsFixture.now)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(StatusJSON.encode(status).utf8)) as? [String: Any])
    let cells = try #require(object["cells"] as? [[String: Any]])
    #expect(cells.map { $0["number"] as? Int } == [1, 2])
    #expect(cells.map { $0["leading"] as? Bool } == [true, false])
    let latest = try #require(object["latest"] as? [String: Any])
    let leadingLatest = try #require(cells[0]["latest"] as? [String: Any])
    #expect(latest["index"] as? Int == leadingLatest["index"] as? Int)
    #expect((latest["bearing_deg"] as? Double ?? 0) > 180)
    let trend = try #require(cells[1]["trend"] as? [String: Any])
    #expect((trend["within_10km_chance"] as? Double ?? 1) < 0.1)
    #expect(cells[1]["advice"] == nil, "the advice is the whole history's, at the top level only")
  }
}
