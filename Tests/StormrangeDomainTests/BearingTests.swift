import Testing

@testable import StormrangeDomain

@Suite struct BearingTests {
  @Test func theSixteenCompassPointsAre22point5DegreesApartInAnyCase() {
    for (index, point) in Bearing.compassPoints.enumerated() {
      #expect(Bearing(parsing: point)?.degrees == Double(index) * 22.5)
      #expect(Bearing(parsing: point.lowercased())?.degrees == Double(index) * 22.5)
    }
    #expect(Bearing(parsing: "nNe")?.degrees == 22.5)
  }

  @Test func theSixteenPointsInWordsWithOrWithoutHyphensInAnyCase() {
    for (index, word) in Bearing.compassWords.enumerated() {
      let degrees = Double(index) * 22.5
      #expect(Bearing(parsing: word)?.degrees == degrees)
      #expect(Bearing(parsing: word.uppercased())?.degrees == degrees)
      #expect(Bearing(parsing: String(word.filter { $0 != "-" }))?.degrees == degrees)
    }
    #expect(Bearing(parsing: "south-west")?.degrees == 225)
    #expect(Bearing(parsing: "SouthWest")?.degrees == 225)
    #expect(Bearing(parsing: "north-north-east")?.degrees == 22.5)
  }

  @Test(arguments: [
    ("0", 0.0), ("360", 0), ("-0", 0), ("359.9", 359.9), ("237", 237), ("+90", 90), ("4.5e1", 45),
  ])
  func degreesFrom0To360WithThreeSixtyAsNorth(text: String, degrees: Double) throws {
    let bearing = try #require(Bearing(parsing: text))
    #expect(bearing.degrees == degrees)
    #expect(bearing.degrees.sign == .plus)
  }

  @Test(arguments: [
    "360.01", "-1", "-0.001", "1e3", "nan", "inf", "0x10", "nord", "-north", "south west", "NEE", "N E", "",
    "45°",
    // Letters that uppercase to S or SS under Unicode's rules are not compass points.
    "ſ", "ßw", "ſſe", "ｎ",
  ])
  func anythingElseIsNotABearing(text: String) {
    #expect(Bearing(parsing: text) == nil)
  }

  @Test func itIsShownAsACompassPointWhenItIsOneElseInDegrees() {
    #expect(Bearing(degrees: 45)?.description == "NE")
    #expect(Bearing(degrees: 337.5)?.description == "NNW")
    #expect(Bearing(degrees: 237)?.description == "237°")
    #expect(Bearing(degrees: 12.25)?.description == "12.3°")
    // Shown to a tenth of a degree: 359.99 is north, as are the smallest bearings.
    #expect(Bearing(degrees: 359.99)?.description == "N")
    #expect(Bearing(degrees: 359.9)?.description == "359.9°")
    #expect(Bearing(degrees: 1e-320)?.description == "N")
    #expect(Bearing(degrees: 5e-324)?.description == "N")
    #expect(Bearing(degrees: 50)?.nearestCompassPoint == "NE")
    #expect(Bearing(degrees: 355)?.nearestCompassPoint == "N")
  }
}
