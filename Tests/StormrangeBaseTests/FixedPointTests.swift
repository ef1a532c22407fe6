import Testing

@testable import StormrangeBase

@Suite struct FixedPointTests {
  @Test func roundsHalfAwayFromZero() {
    #expect(FixedPoint.fixed(2.005, digits: 1) == "2.0")
    #expect(FixedPoint.fixed(2.25, digits: 1) == "2.3")
    #expect(FixedPoint.fixed(-2.25, digits: 1) == "-2.3")
    #expect(FixedPoint.fixed(0.004, digits: 2) == "0.00")
    #expect(FixedPoint.fixed(-0.004, digits: 2) == "0.00")
    #expect(FixedPoint.fixed(1234.5, digits: 0) == "1235")
    #expect(FixedPoint.fixed(6.0, digits: 2) == "6.00")
  }
}
