import StormrangeBase
import StormrangeDomain
import Testing

@testable import StormrangeRendering

@Suite struct MotionTextTests {
  let text = PlusMinusText(unit: .kilometres, repertoire: .unicode, localTime: .utc)

  @Test func anglesToTheirErrorsPlaceBelow360() {
    #expect(text.angle(degrees: 67.6, error: 9.4) == "68° ± 9°")
    #expect(text.angle(degrees: 359.7, error: 9.4) == "0° ± 9°")
  }

  /// Issue 17's audit of conversions to whole numbers: the error comes from the square root of a
  /// variance, which rounding can leave a hair below zero (nan), and which has no upper bound.
  @Test func anyErrorWithoutTrapping() {
    for error in [Double.nan, .infinity, 1e19, 0] {
      #expect(text.angle(degrees: 68, error: error).hasSuffix("°"))
    }
  }
}
