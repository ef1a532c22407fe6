import Testing

@testable import StormrangeRendering

@Suite struct ErrorRoundingTests {
  func rounded(_ value: Double, _ error: Double, finest: Int = -3) -> String {
    let (value, error) = ErrorRounding.round(value, error: error, finestPlace: finest)
    return "\(value) ± \(error)"
  }

  @Test func theErrorToOneSignificantDigitAndTheValueToTheSamePlace() {
    #expect(rounded(12.04, 0.23) == "12.0 ± 0.2")
    #expect(rounded(36.3, 2.6) == "36 ± 3")
    #expect(rounded(36.3, 23) == "40 ± 20")
    #expect(rounded(1234, 340) == "1200 ± 300")
    #expect(rounded(-3.21, 0.4) == "-3.2 ± 0.4")
  }

  @Test func twoDigitsWhenTheFirstIs1OnceRounded() {
    #expect(rounded(7.5507, 0.159) == "7.55 ± 0.16")
    #expect(rounded(1, 0.1) == "1.00 ± 0.10")
    #expect(rounded(4.455, 1.94) == "4.5 ± 1.9")
    #expect(rounded(4.455, 1.96) == "4 ± 2")
    #expect(rounded(4.455, 1.95) == "4 ± 2")
    #expect(rounded(3.33, 9.61) == "3 ± 10")
    #expect(rounded(0.5, 0.096) == "0.50 ± 0.10")
    #expect(rounded(0.5, 0.96) == "0.5 ± 1.0")
    #expect(rounded(21.7, 14.4) == "22 ± 14")
  }

  @Test func powersOfTenLandOnTheirOwnPlace() {
    #expect(ErrorRounding.lastSignificantPlace(0.1) == -2)
    #expect(ErrorRounding.lastSignificantPlace(0.2) == -1)
    #expect(ErrorRounding.lastSignificantPlace(0.3) == -1)
    #expect(ErrorRounding.lastSignificantPlace(1000) == 2)
    #expect(ErrorRounding.lastSignificantPlace(0.001) == -4)
  }

  @Test func anErrorTooSmallToShowIsAnUpperBoundNeverZero() {
    #expect(rounded(12, 0, finest: -2) == "12.00 ± <0.01")
    #expect(rounded(12, 0.004, finest: -2) == "12.00 ± <0.01")
    #expect(rounded(12.004, 0.012, finest: -2) == "12.00 ± 0.01")
    #expect(rounded(12, -1, finest: -2) == "12.00 ± <0.01")
    #expect(rounded(12, .nan, finest: -2) == "12.00 ± ?")
    #expect(rounded(12, .infinity, finest: -2) == "12.00 ± ?")
    #expect(rounded(3, 0, finest: 0) == "3 ± <1")
  }
}
