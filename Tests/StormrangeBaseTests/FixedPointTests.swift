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

  /// Any value, as a bad file may hold (issue 17's audit of conversions to whole numbers): past what
  /// a 64-bit integer of units holds, Swift's own text, never a trap.
  @Test func anyValueWithoutTrapping() {
    #expect(FixedPoint.fixed(.infinity, digits: 1) == "inf")
    #expect(FixedPoint.fixed(-.infinity, digits: 2) == "-inf")
    #expect(FixedPoint.fixed(.nan, digits: 0) == "nan")
    #expect(FixedPoint.fixed(1e19, digits: 0) == "1e+19")
    #expect(FixedPoint.fixed(-1e300, digits: 2) == "-1e+300")
    #expect(FixedPoint.fixed(.greatestFiniteMagnitude, digits: 400) == "\(Double.greatestFiniteMagnitude)")
    #expect(FixedPoint.fixed(8_999_999_999_999.5, digits: 2) == "8999999999999.50")
  }

  /// `show` appends its numbers' bytes to the listing: the same text as ``FixedPoint/fixed(_:digits:)``.
  @Test func appendingWritesTheSameText() {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [0, -0.0, 0.004, -0.004, 0.005, 9.995, -9.995, 1e19, .nan, -.infinity, 8_999_999_999_999.5]
    for _ in 0..<2000 { values.append(Double.random(in: -1e6...1e6, using: &generator)) }
    for value in values {
      for digits in 0...4 {
        var bytes = Array("x".utf8)
        FixedPoint.append(value, digits: digits, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + FixedPoint.fixed(value, digits: digits))
      }
    }
    #expect(FixedPoint.fixed(0.05, digits: 3) == "0.050")
    #expect(FixedPoint.fixed(-12.5, digits: 0) == "-13")
  }

  @Test func messageTextShowsAnyValue() {
    #expect(11000.0.messageText == "11000")
    #expect((-0.0).messageText == "0")
    #expect(300.001.messageText == "300.001")
    #expect(1e15.messageText == "1000000000000000.0")
    #expect(9.3e18.messageText == "9.3e+18")
    #expect(Double.infinity.messageText == "inf")
    #expect(Double.nan.messageText == "nan")
  }
}
