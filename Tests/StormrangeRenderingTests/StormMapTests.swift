import Testing

@testable import StormrangeDomain
@testable import StormrangeRendering

@Suite struct StormMapTests {
  typealias Position = StormMap.Position

  func render(
    _ marks: [StormMap.Mark], track: (from: Position, to: Position)? = nil, closest: Position? = nil,
    repertoire: CharacterRepertoire = .unicode
  ) -> [String] {
    StormMap(marks: marks, track: track, closest: closest, unit: .kilometres, repertoire: repertoire).render()
  }

  @Test func theObserverIsAtTheCentreWithNorthUpAndLabelledRings() {
    let lines = render([StormMap.Mark(position: Position(east: 0, north: 12_000), age: 60)])
    #expect(lines.count == StormMap.size)
    let centre = StormMap.radiusRows
    #expect(Array(lines[centre])[2 * StormMap.radiusRows] == "+")
    #expect(Array(lines[0])[2 * StormMap.radiusRows] == "N")
    // 12 km × 1.05: rings every 5 km out to 15, their labels on the east axis.
    #expect(lines[centre].contains(" 5·") && lines[centre].contains("10·") && lines[centre].contains("15·"))
    #expect(lines.joined().contains("rings every 5 km"))
    #expect(lines.allSatisfy { $0.count < 80 })
  }

  @Test func eachMarkIsWhereItsBearingPutsItMarkedByItsAge() {
    let lines = render([
      StormMap.Mark(position: Position(east: 0, north: 9_000), age: 60),
      StormMap.Mark(position: Position(east: 9_000, north: 0), age: 600),
      StormMap.Mark(position: Position(east: 0, north: -9_000), age: 3600),
    ])
    // Rings every 5 km to 10 km: 9 rows from the centre to 10 km, so 9 km is about 8 rows away.
    let centre = StormMap.radiusRows
    let column = 2 * StormMap.radiusRows
    let north = lines.firstIndex { Array($0).indices.contains(column) && Array($0)[column] == "●" }
    let south = lines.firstIndex { Array($0).indices.contains(column) && Array($0)[column] == "○" }
    #expect(north.map { centre - $0 } == 8)
    #expect(south.map { $0 - centre } == 8)
    #expect(lines[centre].contains("◉"))
  }

  @Test func theTrackHasAnArrowheadTowardItsHeadingAndTheClosestPointAMark() {
    let track = (from: Position(east: -8_000, north: 5_000), to: Position(east: 8_000, north: 5_000))
    let lines = render([], track: track, closest: Position(east: 0, north: 5_000))
    // The legend shows `─▶` too: look at the map's columns only.
    let map = lines.map { String($0.prefix(StormMap.widthColumns)) }.joined(separator: "\n")
    #expect(map.contains("─") && map.contains("▶") && !map.contains("◀"))
    #expect(map.contains("✕"))
    let westward = render(
      [], track: (from: track.to, to: track.from), closest: Position(east: 0, north: 9_000)
    )
    .map { String($0.prefix(StormMap.widthColumns)) }.joined()
    #expect(westward.contains("◀") && !westward.contains("▶"))
  }

  @Test func asciiUsesOnlyASCII() {
    let lines = render(
      [StormMap.Mark(position: Position(east: 3_000, north: 4_000), age: 60)],
      track: (from: Position(east: -8_000, north: -8_000), to: Position(east: 8_000, north: 8_000)),
      closest: Position(east: 0, north: 0), repertoire: .ascii)
    let text = lines.joined(separator: "\n")
    #expect(text.unicodeScalars.allSatisfy { $0.isASCII || $0 == "–" })
    #expect(text.contains("@") && text.contains("/") && text.contains(">"))
  }
}
