import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import Testing

@testable import StormrangeRendering

/// The chart of distance against time: it fits 80 columns, its scale is round and reaches the
/// farthest point, the close line shows only when the chart reaches it, and times read as the
/// span asks.
@Suite struct DistanceChartTests {
  let start = ISO8601Time.parse("2026-07-01T18:03:00Z")!

  func chart(
    _ kilometres: [Double], every seconds: Double = 60, unit: DistanceUnit = .kilometres,
    repertoire: CharacterRepertoire = .unicode
  ) -> String {
    let points = kilometres.enumerated().map { index, distance in
      (date: start.addingTimeInterval(Double(index) * seconds), metres: distance * 1000)
    }
    return DistanceChart(points: points, unit: unit, repertoire: repertoire, localTime: .utc).render()
  }

  @Test func noPointsNoChart() {
    #expect(
      DistanceChart(points: [], unit: .kilometres, repertoire: .unicode, localTime: .utc).render() == "")
  }

  @Test func everyLineFitsAnEightyColumnTerminal() {
    for repertoire in [CharacterRepertoire.unicode, .ascii] {
      for unit in DistanceUnit.allCases {
        let text = chart([14, 12.5, 9, 3.2, 0.4], unit: unit, repertoire: repertoire)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= DistanceChart.width }, "\(unit)")
      }
    }
  }

  @Test func theScaleIsRoundAndReachesTheFarthestPoint() {
    for maximum in [0.004, 0.7, 3, 9.9, 12, 47, 111] {
      let scale = DistanceChart.Scale(maximum: maximum)
      #expect(scale.maximum >= maximum && scale.ticks <= 6, "\(maximum)")
      var mantissa = scale.step
      while mantissa >= 10 { mantissa /= 10 }
      while mantissa < 1 { mantissa *= 10 }
      #expect([1, 2, 2.5, 5].contains { abs($0 - mantissa) < 1e-9 }, "\(maximum): step \(scale.step)")
    }
  }

  @Test func strikesWhereTheObserverStandsGetAnAxisToOneKilometre() {
    let lines = chart([0, 0]).split(separator: "\n")
    #expect(lines[1].hasPrefix("1.0 ┤"), "\(lines)")
    #expect(lines.contains { $0.hasPrefix("0.0 └") }, "\(lines)")
    let miles = chart([0], unit: .miles).split(separator: "\n")
    #expect(miles[1].hasPrefix("0.8 ┤"), "\(miles)")
  }

  @Test func theCloseLineShowsOnlyWhenTheChartReachesIt() {
    let far = chart([14, 12, 11])
    #expect(far.hasPrefix("distance (km)    ┄┄ 10 km: lightning inside this line is close\n"))
    #expect(far.contains("┄"))
    let near = chart([4, 3, 2])
    #expect(near.hasPrefix("distance (km)\n"))
    // In ASCII, with the same words.
    #expect(chart([14, 12], repertoire: .ascii).hasPrefix("distance (km)    -- 10 km: lightning"))
  }

  @Test func theFirstAndLastTimesAreUnderTheAxisToTheMinuteOrSecondAsTheSpanAsks() {
    let minutes = chart([5, 4, 3], every: 600).split(separator: "\n")
    #expect(minutes[minutes.count - 2].contains("18:03") && minutes[minutes.count - 2].contains("18:23"))
    #expect(!minutes[minutes.count - 2].contains("18:03:00"))
    #expect(minutes.last!.trimmingPrefix(while: { $0 == " " }) == "local time")
    // Under three minutes, to the second.
    let seconds = chart([5, 4], every: 40).split(separator: "\n")
    #expect(
      seconds[seconds.count - 2].contains("18:03:00") && seconds[seconds.count - 2].contains("18:03:40"))
    // Across days, with the date.
    let days = chart([5, 4], every: 86_400).split(separator: "\n")
    #expect(days[days.count - 2].contains("07-01 18:03") && days[days.count - 2].contains("07-02 18:03"))
    #expect(days.last!.trimmingPrefix(while: { $0 == " " }) == "local date and time")
  }

  @Test func aFartherPointHasATallerBar() {
    // 14 km at the left edge of the plot, 7 km at the right: the left bar fills more rows.
    let blocks = Set("▁▂▃▄▅▆▇█")
    var (left, right) = (0, 0)
    for row in chart([14, 7]).split(separator: "\n") {
      guard let axis = row.firstIndex(where: { $0 == "┤" || $0 == "│" }) else { continue }
      let cells = row[row.index(after: axis)...]
      if let first = cells.first, blocks.contains(first) { left += 1 }
      if cells.count > 1, let last = cells.last, blocks.contains(last) { right += 1 }
    }
    #expect(left > right && right > 0)
  }
}
