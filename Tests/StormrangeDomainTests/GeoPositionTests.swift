import Testing

@testable import StormrangeDomain

@Suite struct GeoPositionTests {
  @Test(arguments: [(90.0, 180.0), (-90, -180), (0, 0), (51.5, -0.12), (-33.87, 151.21)])
  func aPositionWithinTheRangesIsKept(latitude: Double, longitude: Double) throws {
    let position = try #require(GeoPosition(latitude: latitude, longitude: longitude))
    #expect(position.latitude == latitude)
    #expect(position.longitude == longitude)
  }

  @Test(arguments: [
    (90.0001, 0.0), (-90.0001, 0), (0, 180.0001), (0, -180.0001), (.nan, 0), (0, .nan), (.infinity, 0),
    (0, -.infinity),
  ])
  func aPositionOutsideTheRangesOrNotFiniteIsRefused(latitude: Double, longitude: Double) {
    #expect(GeoPosition(latitude: latitude, longitude: longitude) == nil)
  }

  @Test func minusZeroIsZero() throws {
    let position = try #require(GeoPosition(latitude: -0.0, longitude: -0.0))
    #expect(position.latitude.sign == .plus)
    #expect(position.longitude.sign == .plus)
  }
}
