import FoundationEssentials
import Testing

@testable import StormrangeBase
@testable import StormrangePropertyList

@Suite struct PropertyListDateTests {
  @Test func parsing() {
    #expect(
      PropertyListDate.parse(Array("2026-07-01T16:03:00Z".utf8)) == Date(timeIntervalSince1970: 1_782_921_780)
    )
    #expect(
      PropertyListDate.parse(Array("2026-07-01T16:03:00.125Z".utf8))
        == Date(timeIntervalSince1970: 1_782_921_780.125))
    #expect(PropertyListDate.parse(Array("1969-12-31T23:59:59.5Z".utf8)) == Date(timeIntervalSince1970: -0.5))
    #expect(PropertyListDate.parse(Array("2026-07-01T16:03:00.1234567890123456789Z".utf8)) != nil)
    #expect(PropertyListDate.parse(Array("2026-07-01T16:03:00".utf8)) == nil)
    #expect(PropertyListDate.parse([UInt8]()) == nil)
  }

  @Test func randomRoundTrips() {
    var generator = PropertyListRandom(seed: 5)
    for _ in 0..<5000 {
      let seconds = Double(Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator))
      let date = Date(timeIntervalSince1970: seconds)
      #expect(PropertyListDate.parse(Array(UTCTime.format(date).utf8)) == date)
    }
  }
}
