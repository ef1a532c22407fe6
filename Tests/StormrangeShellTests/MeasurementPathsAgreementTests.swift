import FoundationEssentials
import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangePropertyList
@testable import StormrangeShell
@testable import StormrangeStore

/// The same measurements, generated around every boundary of the rules, given to each way one
/// arrives: typed with `add`, timed with `flash` and `thunder`, imported from CSV and from JSON,
/// and loaded from the history file. Each path must accept or refuse exactly as its documented rule
/// set says (restated here, from ``MeasurementRules``' doc comment), so the paths agree but where a
/// documented rule set differs; and what several paths accept, they store alike.
@Suite struct MeasurementPathsAgreementTests {
  /// Each case saves a few times: fewer where the sessions' files cannot be kept in memory.
  static let cases = TemporaryDirectory.memoryParent == nil ? 150 : 1000

  @Test func everyPathAcceptsExactlyWhatItsRuleSetAccepts() throws {
    var random = SeededRandom(seed: 18)
    var failures = 0
    // Pairs of paths seen to disagree, so that the cases are known to reach every difference.
    var disagreeing: Set<Set<MeasurementPath>> = []
    for number in 1...Self.cases where failures < 5 {
      let candidate = MeasurementCandidate.generate(using: &random)
      var verdicts: [MeasurementPath: Bool] = [:]
      var stored: [(MeasurementPath, Measurement)] = []
      for path in MeasurementPath.allCases {
        guard let outcome = try candidate.run(on: path) else { continue }
        let expected = candidate.isAccepted(on: path)
        verdicts[path] = expected
        if (outcome.measurement != nil) != expected {
          failures += 1
          Issue.record(
            "case \(number), \(path): \(expected ? "refused" : "accepted") \(candidate): \(outcome.errors)")
        }
        if let measurement = outcome.measurement, path != .stopwatch { stored.append((path, measurement)) }
      }
      for (path, measurement) in stored.dropFirst() where measurement != stored[0].1 {
        failures += 1
        Issue.record("case \(number): \(path) stored \(measurement), \(stored[0].0) \(stored[0].1)")
      }
      for (first, one) in verdicts {
        for (second, other) in verdicts where one != other { disagreeing.insert([first, second]) }
      }
    }
    // The floor of add and the stopwatch (against the file), add's notes and date (against the
    // stopwatch, which has neither, and the file), the imported distance check (against add and
    // the file), the date lead (imported against the file).
    for pair: Set<MeasurementPath> in [
      [.stopwatch, .file], [.add, .stopwatch], [.add, .file], [.add, .csv], [.csv, .file], [.json, .file],
    ] {
      #expect(disagreeing.contains(pair), "no case where \(pair) disagree")
    }
  }
}

extension MeasurementCandidate {
  /// Whether `path` must accept the candidate: the rules every rule set shares, and where
  /// ``MeasurementRules``' doc comment says they differ.
  func isAccepted(on path: MeasurementPath) -> Bool {
    if let timing {
      // The stopwatch measures the delay on the clock, where a value may come out a little off.
      let delay = path == .stopwatch ? Self.measuredDelay(timing.delay) : timing.delay
      guard delay > 0, delay <= 300, (-60...60).contains(timing.temperature),
        SpeedOfSound.plausibleMetresPerSecond.contains(timing.speedOfSound)
      else { return false }
      // Differs: the floor of add and the stopwatch.
      if path == .add || path == .stopwatch, delay < 0.1 { return false }
      // Differs: an imported distance agrees with delay × speed, to 1 m or 0.5 %.
      if path == .csv || path == .json, abs(distance - timing.distance) > max(1, timing.distance * 0.005) {
        return false
      }
    } else {
      let allowed = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_."
      guard let source, (1...32).contains(source.count), source.allSatisfy(allowed.contains) else {
        return false
      }
      if source.lowercased() == "as3935", !AS3935.stepsKilometres.contains(distance / 1000) { return false }
    }
    guard distance > 0, distance <= MeasurementRules.maximumDistance else { return false }
    if let bearing, !(0...360).contains(bearing) { return false }
    // The stopwatch's flash is dated by the clock, and has no note.
    guard path != .stopwatch else { return true }
    guard date >= Self.earliest, date < Self.latest.addingTimeInterval(1) else { return false }
    // Differs: a stored date may lie a day ahead of the clock, a typed or imported one a minute.
    guard date.timeIntervalSince(Self.now) <= (path == .file ? 86400 : 60) else { return false }
    // Differs: add refuses a thunder not heard yet (flash + delay more than a minute after now).
    if path == .add, let timing, date.addingTimeInterval(timing.delay).timeIntervalSince(Self.now) > 60 {
      return false
    }
    guard let note else { return true }
    let isNonCharacter = { (scalar: Unicode.Scalar) in scalar.value == 0xFFFE || scalar.value == 0xFFFF }
    // Differs: a typed note is one printable line of at most 1000 characters; others hold what the
    // file can.
    if path == .add {
      return note.count <= 1000
        && !note.unicodeScalars.contains { $0.properties.generalCategory == .control || isNonCharacter($0) }
    }
    return !note.unicodeScalars.contains {
      ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || isNonCharacter($0)
    }
  }

  /// The delay the stopwatch measures for `delay`: the difference of two readings of the
  /// monotonic clock.
  static func measuredDelay(_ delay: Double) -> Double {
    let start = FakeClock().moment.monotonic
    return (start + delay) - start
  }

}
