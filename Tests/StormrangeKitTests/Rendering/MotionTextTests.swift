import Testing

@testable import StormrangeKit

@Suite struct MotionTextTests {
  @Test func anglesAreWholeDegreesBelow360() {
    #expect(MotionText.angle(67.6, error: 9.4, plusMinus: "±") == "68° ± 9°")
    #expect(MotionText.angle(359.6, error: nil, plusMinus: "±") == "0°")
    #expect(MotionText.angle(0.2, error: 0.4, plusMinus: "+/-") == "0° +/- 0°")
  }

  /// Issue 17's audit of conversions to whole numbers: the error comes from the square root of a
  /// variance, which rounding can leave a hair below zero (nan), and which has no upper bound.
  @Test func anyErrorWithoutTrapping() {
    #expect(MotionText.angle(68, error: .nan, plusMinus: "±") == "68° ± nan°")
    #expect(MotionText.angle(68, error: .infinity, plusMinus: "±") == "68° ± inf°")
    #expect(MotionText.angle(68, error: 1e19, plusMinus: "±") == "68° ± 1e+19°")
  }
}
