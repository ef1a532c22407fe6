import ShellTestSupport
import StormrangeDomain
import TestSupport
import Testing

@testable import StormrangeShell
@testable import StormrangeStore

/// `set location LAT LON` and `set radius KM`.
@Suite struct SetLocationCommandTests {
  @Test func theLocationAndTheRadiusAreSavedAndShown() throws {
    let test = TestSession()
    test.runAll(["set"])
    #expect(
      test.output.take().contains("location     none  (default none; latitude and longitude in degrees)"))
    test.runAll(["set location 51.5 -0.12", "set radius 40", "set"])
    let text = test.output.take()
    #expect(text.contains("location set to 51.5, -0.12"))
    #expect(text.contains("radius set to 40 km"))
    #expect(text.contains("location     51.5, -0.12  (default none"))
    #expect(text.contains("radius       40 km  (default 100 km; in km, above 0 and at most 111.95)"))
    let saved = SettingsStore(path: test.directory.file("settings.plist")).current
    #expect(saved.location == GeoPosition(latitude: 51.5, longitude: -0.12))
    #expect(saved.radius == 40)
  }

  @Test func theLargestRadiusGivenIsTakenAndALocationIsShownWithoutAnExponent() {
    let test = TestSession()
    test.runAll(["set radius 111.95", "set location 0.000001 -0.00000004", "set"])
    let text = test.output.take()
    #expect(text.contains("radius set to 111.95 km"))
    #expect(text.contains("location set to 0.000001, 0"))
    #expect(text.contains("location     0.000001, 0  (default none"))
  }

  @Test(arguments: [
    ("set location 91 0", "'91' is not a latitude; use degrees north from -90 to 90 (south is negative)"),
    (
      "set location 0 180.5",
      "'180.5' is not a longitude; use degrees east from -180 to 180 (west is negative)"
    ),
    ("set location north 0", "'north' is not a latitude"), ("set location 0 nan", "'nan' is not a longitude"),
    ("set location 51.5", "'set location' needs a latitude and a longitude in degrees"),
    ("set location 1 2 3", "unexpected argument '3'"),
    ("set radius 0", "'0' is not a radius; use a number of km above 0 and at most 111.95"),
    ("set radius 112", "'112' is not a radius"), ("set radius far", "'far' is not a radius"),
    // Above the largest that messages give, though under the farthest distance the history takes.
    ("set radius 111.959", "'111.959' is not a radius; use a number of km above 0 and at most 111.95"),
    ("set radius 10 km", "unexpected argument 'km'"),
  ])
  func aBadLocationOrRadiusIsOneLineAndSavesNothing(line: String, message: String) {
    let test = TestSession()
    #expect(test.run(line))
    let errors = test.errors.take()
    #expect(errors.contains(message))
    #expect(errors.split(separator: "\n").count == 1)
    #expect(test.directory.bytes("settings.plist") == nil)
  }
}
