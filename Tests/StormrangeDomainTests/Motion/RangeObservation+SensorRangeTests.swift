import Testing

@testable import StormrangeDomain

/// Each kind of sensor's range is read by its own measurement model.
@Suite struct RangeObservationSensorRangeTests {
  @Test func eachKindIsReadByItsOwnModel() {
    #expect(observed(0, km: 12).sensorRange is EarsRange)
    #expect(chip(0, km: 12).sensorRange is AS3935Range)
    let detector = RangeObservation(date: origin, distance: 12_000, uncertainty: 1_200, sensor: .detector)
    #expect(detector.sensorRange is DetectorRange)
  }

  /// A distance marked as an AS3935's that is none of its steps is read as another detector's.
  @Test func anAS3935DistanceThatIsNoStepIsReadAsAnotherDetectors() {
    let between = RangeObservation(date: origin, distance: 11_000, uncertainty: 1_100, sensor: .as3935)
    #expect(between.sensorRange is DetectorRange)
  }
}
