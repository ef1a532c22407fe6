import Testing

@testable import StormrangeDomain

@Suite struct DistanceUncertaintyTests {
  @Test func reactionTimeOfBothTapsPlusTemperature() {
    // c(20 °C) · √2 · 0.3 s = 145.61 m; 6 s · (c(25 °C) − c(15 °C)) / 2 = 17.56 m; in quadrature 146.67 m.
    let uncertainty = DistanceUncertainty.metres(for: measured(at: 0, metres: 6 * 343.21462268256795))
    #expect(abs(uncertainty - 146.669) < 0.01)
  }

  @Test func theTemperatureMattersMoreFarAway() {
    let near = DistanceUncertainty.metres(for: measured(at: 0, metres: 1000))
    let far = DistanceUncertainty.metres(for: measured(at: 0, metres: 20000))
    #expect(near > 145 && near < 146)
    // 58.27 s of delay: √(145.61² + (58.27 · 2.927)²) ≈ 224.3 m.
    #expect(abs(far - 224.3) < 0.1)
  }
}
