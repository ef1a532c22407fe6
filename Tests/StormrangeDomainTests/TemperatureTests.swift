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
}
