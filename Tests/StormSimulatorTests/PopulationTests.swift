import Testing

@testable import StormSimulator

/// The climatological population draws storms as docs/science.md's sources say they come.
@Suite struct PopulationTests {
  static let seeds: ClosedRange<UInt64> = 1...800
  static let storms = seeds.map { StormPopulation.storm(seed: $0) }

  /// Km/h at the first flash.
  static func speed(_ storm: SimulatedStorm) -> Double { storm.plan.track.initialSpeed * 3.6 }

  @Test func aSeedGivesTheSameStormEveryTime() {
    #expect(StormPopulation.storm(seed: 7) == StormPopulation.storm(seed: 7))
    #expect(StormPopulation.storm(seed: 7) != StormPopulation.storm(seed: 8))
  }

  @Test func theFourWaysOfObservingComeInEqualParts() {
    for kind in ObservationKind.allCases {
      #expect(Self.storms.count { $0.plan.observationKind == kind } == Self.storms.count / 4)
    }
    let as3935 = Self.storms.filter { $0.plan.observationKind == .as3935 }
    #expect(as3935.allSatisfy { $0.measurements.allSatisfy { $0.kind == .as3935 } })
    let compass = Self.storms.filter { $0.plan.observationKind == .compassPoints }
    #expect(
      compass.allSatisfy {
        $0.measurements.allSatisfy {
          $0.bearing.map { $0.truncatingRemainder(dividingBy: 22.5) == 0 } ?? false
        }
      })
    let ears = Self.storms.filter { $0.plan.observationKind == .rangesOnly }
    #expect(ears.allSatisfy { $0.measurements.allSatisfy { $0.kind.isTimed && $0.bearing == nil } })
  }

  /// About 15 % nearly at rest; the rest move at a median of 30 km/h, 19 in 20 at 11–80 km/h.
  @Test func speedsAreLognormalAboutThirtyWithSomeNearlyAtRest() {
    let slow = Self.storms.filter { Self.speed($0) <= 5 }
    let share = Double(slow.count) / Double(Self.storms.count)
    // 15 % and the lognormal's own few below 5 km/h (0.02 %); 3σ over 800 is 3.8 %.
    #expect(abs(share - 0.15) < 0.04, "\(share)")
    let moving = Self.storms.map(Self.speed).filter { $0 > 5 }.sorted()
    let median = moving[moving.count / 2]
    #expect(abs(median - 30) < 3, "\(median)")
    let outside = Double(moving.count { $0 < 11 || $0 > 82 }) / Double(moving.count)
    #expect(outside < 0.09, "\(outside)")
  }

  /// Any heading, and a closest approach drawn evenly over 0–25 km.
  @Test func tracksPassAnyWayUpTo25KilometresAway() {
    let tracks = Self.storms.map(\.plan.track).filter { $0.initialSpeed > 0 }
    let misses = tracks.map { track in
      let along = PlaneVector(length: 1, bearing: track.initialHeading)
      return (track.origin - track.origin.dot(along) * along).length
    }
    #expect(misses.allSatisfy { $0 <= 25_000 + 1e-6 })
    let nearHalf = Double(misses.count { $0 < 12_500 }) / Double(misses.count)
    #expect(abs(nearHalf - 0.5) < 0.06, "\(nearHalf)")
    let northward = Double(tracks.count { PlaneVector.angle(between: $0.initialHeading, and: 0) < 90 })
    #expect(abs(northward / Double(tracks.count) - 0.5) < 0.06)
  }

  /// Storms change at the rates of docs/science.md's sources, over the 38–70 minutes from the first
  /// flash to half an hour after the status: a moving storm stops about once in 90 minutes (some
  /// 40 % of them within that time) and turns about once in 45 (some 60 % at least once), each turn
  /// 15–45° at the same speed; a storm at rest sets off about once an hour (some 55 %).
  @Test func someStopSomeTurnAndSomeSetOff() {
    let moving = Self.storms.filter { Self.speed($0) > 5 }
    let stops = moving.filter { $0.plan.track.manoeuvres.contains { $0.speed == 0 } }
    let turns = moving.filter { $0.plan.track.manoeuvres.contains { $0.speed > 0 } }
    let stopShare = Double(stops.count) / Double(moving.count)
    let turnShare = Double(turns.count) / Double(moving.count)
    #expect(stopShare > 0.3 && stopShare < 0.5, "\(stopShare)")
    #expect(turnShare > 0.45 && turnShare < 0.75, "\(turnShare)")
    for storm in moving {
      var (heading, speed) = (storm.plan.track.initialHeading, storm.plan.track.initialSpeed)
      for manoeuvre in storm.plan.track.manoeuvres where manoeuvre.speed > 0 {
        let turned = PlaneVector.angle(between: heading, and: manoeuvre.heading ?? heading)
        #expect(turned >= 15 - 1e-6 && turned <= 45 + 1e-6)
        #expect(abs(manoeuvre.speed - speed) < 1e-9)
        (heading, speed) = (manoeuvre.heading ?? heading, manoeuvre.speed)
      }
      // A stop is for good.
      #expect(storm.plan.track.manoeuvres.dropLast().allSatisfy { $0.speed > 0 })
    }
    let resting = Self.storms.filter { Self.speed($0) <= 5 }
    let setOff = Double(resting.count { !$0.plan.track.manoeuvres.isEmpty }) / Double(resting.count)
    #expect(setOff > 0.35 && setOff < 0.75, "\(setOff)")
  }

  /// Timed from anywhere in its passage within 35 km, for 8–40 minutes, every 1–4 minutes; the status
  /// a minute after the last measurement.
  @Test func stormsAreTimedFromAnyPointOfTheirPassage() {
    for storm in Self.storms {
      #expect(storm.plan.track.origin.length <= 35_000 + 1e-6)
      #expect((8 * 60...40 * 60).contains(storm.plan.duration))
      #expect(storm.plan.gap.lowerBound >= 36 && storm.plan.gap.upperBound <= 336)
      #expect(!storm.measurements.isEmpty)
      #expect(storm.statusTime == storm.measurements.last!.time + 60)
    }
    let approaching = Double(
      Self.storms.count { $0.plan.track.origin.dot($0.plan.track.velocity(at: 0)) < 0 })
    #expect(abs(approaching / Double(Self.storms.count) - 0.5) < 0.06)
    let spans = Self.storms.map { ($0.measurements.last!.time - $0.measurements.first!.time) / 60 }
    #expect(spans.filter { $0 > 30 }.count > Self.storms.count / 10)
  }
}
