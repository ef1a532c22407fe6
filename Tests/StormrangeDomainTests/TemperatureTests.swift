import Testing

@testable import StormrangeDomain

@Suite struct TemperatureTests {
  @Test func parsesCelsiusAndFahrenheit() {
    #expect(Temperature(parsing: "25")?.celsius == 25)
    #expect(Temperature(parsing: "25C")?.celsius == 25)
    #expect(Temperature(parsing: "-3.5c")?.celsius == -3.5)
    #expect(Temperature(parsing: "68F")?.celsius == 20)
    #expect(Temperature(parsing: "32°F")?.celsius == 0)
  }

  @Test(arguments: ["", "warm", "F", "100", "-80C", "nan", "25K"])
  func rejectsImplausibleOrMalformed(text: String) {
    #expect(Temperature(parsing: text) == nil)
  }

  @Test func describesTenthsAndWholeDegrees() {
    #expect(Temperature(celsius: 20).description == "20 °C")
    #expect(Temperature(celsius: -3.5).description == "-3.5 °C")
    #expect(Temperature(celsius: 19.96).description == "20 °C")
    #expect(Temperature(celsius: -0.01).description == "0 °C")
  }

  /// Issue 17: a settings file's 1e19 made the description trap converting to Int.
  @Test(arguments: [
    (1e19, "1e+19 °C"), (-9.3e18, "-9.3e+18 °C"), (1e308, "1e+308 °C"), (.infinity, "inf °C"),
    (-.infinity, "-inf °C"), (.nan, "nan °C"), (Double(Int64.max), "9.223372036854776e+18 °C"),
    (999, "999 °C"), (123_456_789_012_345.6, "123456789012345.6 °C"),
  ])
  func describesAnyValueWithoutTrapping(celsius: Double, text: String) {
    #expect(Temperature(celsius: celsius).description == text)
  }
}
