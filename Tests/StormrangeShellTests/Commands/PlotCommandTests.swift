import ShellTestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeRendering
@testable import StormrangeShell

@Suite struct PlotCommandTests {
  /// Columns a line takes: every character the chart uses is one column wide.
  private func widest(_ text: String) -> Int { text.split(separator: "\n").map(\.count).max() ?? 0 }

  @Test(arguments: [CharacterRepertoire.unicode, .ascii])
  func fitsEightyColumnsInEveryUnit(repertoire: CharacterRepertoire) {
    let test = approachingStorm()
    test.session.repertoire = repertoire
    for unit in DistanceUnit.allCases {
      test.runAll(["set unit \(unit.rawValue)"])
      _ = test.output.take()
      #expect(!test.run("plot"))
      let text = test.output.take()
      #expect(widest(text) <= 80, "\(text)")
      #expect(text.contains("distance (\(unit.rawValue))"))
    }
  }

  /// A storm over is the last storm, not the current one, in the chart and on the map.
  @Test func aStormThatEndedIsTheLastStorm() {
    let test = approachingStorm()
    // The last thunder was at 15:55:17; 36 minutes later the storm is over.
    test.clock.advance(35 * 60 + 17)
    test.runAll(["plot", "plot map"])
    let lines = test.output.take().split(separator: "\n")
    #expect(lines[0].hasPrefix("last storm, ended 36 min ago: 4 measurements from "))
    #expect(
      lines.contains {
        $0.hasPrefix("last storm, ended 36 min ago: none of its 4 measurements has a bearing")
      })
    #expect(!lines.contains { $0.contains("current storm") })
  }

  /// Without bearings the map is empty, and the first line says why.
  @Test func aMapWithoutBearingsSaysWhyFirst() {
    let test = approachingStorm()
    test.runAll(["add 10 from SW"])
    _ = test.output.take()
    test.runAll(["plot map"])
    let lines = test.output.take().split(separator: "\n")
    #expect(lines[0] == "current storm: 1 of 5 measurements on the map, north up")
    #expect(lines[1] == "4 measurements have no bearing and are not shown")
    #expect(!lines.last!.contains("no bearing"))
  }

  @Test func asciiWhenAskedHasNoOtherCharacters() {
    let test = approachingStorm()
    test.session.repertoire = .ascii
    test.run("plot")
    let text = test.output.take()
    #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
    #expect(text.contains("#"))
    #expect(text.contains("distance (km)"))
    #expect(text.contains("local time"))
  }

  @Test func unicodeUsesBlockElementsAndLabelsTheAxes() {
    let test = approachingStorm()
    test.run("plot")
    let text = test.output.take()
    #expect(text.hasPrefix("current storm: 4 measurements from "))
    #expect(text.contains("█"))
    #expect(text.contains("└"))
    #expect(text.contains(String(local("2026-07-01T15:40:00Z").prefix(5))))
    #expect(text.contains(String(local("2026-07-01T15:55:00Z").prefix(5))))
    #expect(text.contains("trend: steady: approaching 6 in 10, receding 1 in 10 (closing at 11 ± 17 km/h)"))
    // 13.04 km at most: the scale runs to 15 in steps of 2.5, with the 10 km line.
    #expect(text.contains("15.0 ┤"))
    #expect(text.contains("10.0 ┤█┄"))
  }

  @Test func manyMeasurementsOverDaysAndASingleOne() {
    let test = TestSession()
    test.clock.moment = Moment(wall: ISO8601Time.parse("2026-07-09T00:00:00Z")!, monotonic: 1000)
    var lines: [String] = []
    for day in 1...7 {
      for minute in stride(from: 0, to: 60, by: 2) {
        let minuteText = minute < 10 ? "0\(minute)" : "\(minute)"
        lines.append("add \(Double(60 - minute) + 0.5) at 2026-07-0\(day)T18:\(minuteText):00Z")
      }
    }
    test.runAll(lines)
    _ = test.output.take()
    #expect(!test.run("plot 200"))
    let text = test.output.take()
    #expect(text.hasPrefix("last 200 measurements"))
    #expect(widest(text) <= 80)
    #expect(text.contains("local date and time"))
    #expect(!test.run("plot 1"))
    let single = test.output.take()
    #expect(single.hasPrefix("last 1 measurement at 2026-07-07 "), "\(single)")
    #expect(widest(single) <= 80)
    #expect(test.run("plot 0"))
    #expect(test.run("plot x"))
  }
}
