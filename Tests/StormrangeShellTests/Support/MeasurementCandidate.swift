import FoundationEssentials
import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeExchange
@testable import StormrangePropertyList
@testable import StormrangeShell
@testable import StormrangeStore

/// A way a measurement arrives.
enum MeasurementPath: CaseIterable {
  case add, stopwatch, csv, json, file
}

/// One generated measurement, as each path is given it: values every path accepts, and values
/// on and beyond the boundaries of the rules.
struct MeasurementCandidate: CustomStringConvertible {
  static let now = FakeClock().moment.wall
  static let earliest = Date(timeIntervalSince1970: Double(UTCTime.earliestSecond))
  static let latest = Date(timeIntervalSince1970: Double(UTCTime.latestSecond))

  var date: Date
  /// Delay, temperature, speed of sound; nil for a detector's reading.
  var timing: ThunderTiming?
  var distance: Double
  /// The detector's name; nil for a timed measurement.
  var source: String?
  var note: String?
  var bearing: Double?
  /// Whether an import file leaves the temperature (20 °C, the default setting), the speed of sound
  /// and the distance out, for the import to fill in.
  var leavesOutDefaults = false

  var description: String {
    let values: [(String, Any?)] = [
      ("date", UTCTime.format(date)), ("delay", timing?.delay), ("temperature", timing?.temperature),
      ("speed", timing?.speedOfSound), ("distance", distance), ("source", source),
      ("note", note?.escapingControlCharacters), ("bearing", bearing),
    ]
    return values.compactMap { key, value in value.map { "\(key) \($0)" } }.joined(separator: ", ")
      + (leavesOutDefaults ? " (defaults left out)" : "")
  }

  /// Mostly values every path accepts, each with its boundaries and beyond: a quarter of the time,
  /// a value from `edges`.
  static func generate(using random: inout SeededRandom) -> MeasurementCandidate {
    func pick<T>(_ good: [T], _ edges: [T]) -> T {
      Int.random(in: 0..<4, using: &random) == 0
        ? edges.randomElement(using: &random)! : good.randomElement(using: &random)!
    }
    let seconds = now.timeIntervalSince1970
    let date = Date(
      timeIntervalSince1970: pick(
        [seconds - 3600, seconds, earliest.timeIntervalSince1970],
        [59, 60, 61, 86399, 86400, 86401].map { seconds + $0 } + [
          earliest.timeIntervalSince1970 - 1, latest.timeIntervalSince1970,
        ]))
    var candidate = MeasurementCandidate(date: date, distance: 0)
    candidate.note = pick(
      [nil, nil, "over the lake", "über den See ⛈", String(repeating: "x", count: 1000)],
      [
        "tab\there", "two\nlines", "cr\rx", "bell\u{7}", "esc\u{1B}[2J", "soh\u{1}", "del\u{7F}", "c1\u{85}",
        "x\u{FFFE}", "x\u{FFFF}", String(repeating: "x", count: 1001),
      ])
    candidate.bearing = pick([nil, nil, 0, 22.5, 90, 359.9999, 360], [-0.0001, 360.0001, -90])
    if Int.random(in: 0..<10, using: &random) < 3 {
      candidate.source = pick(
        ["as3935", "AS3935", "porch-sensor.2", "detector"],
        ["", "bad/name", String(repeating: "x", count: 33)])
      candidate.distance = pick(
        [1000, 5000, 10_000, 40_000],
        [
          0, -1, 1e-9, 11_000, MeasurementRules.maximumDistance, MeasurementRules.maximumDistance.nextUp,
          200_000,
        ])
      return candidate
    }
    let delay = pick(
      [6, 0.1, 1.25, 75.5, 300],
      [1e-300, 0.001, 0.0999, 0.1.nextDown, 299.9999, 300.0001, 300.0.nextUp, 0, -5])
    let temperature = pick([20, 20, -60, 0, 35.5, 60], [-60.0001, 60.0001, -100, 500])
    let speeds = SpeedOfSound.plausibleMetresPerSecond
    let speed = pick(
      [SpeedOfSound.metresPerSecond(celsius: temperature)],
      [speeds.lowerBound.nextDown, speeds.lowerBound, 343, speeds.upperBound, speeds.upperBound.nextUp, 30])
    let timing = ThunderTiming(delay: delay, temperature: temperature, speedOfSound: speed)
    candidate.timing = timing
    candidate.distance = pick(
      [timing.distance],
      [0.994, 0.996, 1.004, 1.006].map { timing.distance * $0 }
        + [-1.1, -0.9, 0.9, 1.1].map { timing.distance + $0 }
        + [MeasurementRules.maximumDistance, MeasurementRules.maximumDistance.nextUp, -1])
    candidate.leavesOutDefaults = candidate.isComputed && temperature == 20 && Bool.random(using: &random)
    return candidate
  }

  /// Whether the speed of sound and the distance are what `add` computes for the delay.
  var isComputed: Bool {
    guard let timing else { return false }
    return timing.speedOfSound == SpeedOfSound.metresPerSecond(celsius: timing.temperature)
      && distance == timing.distance
  }

  // MARK: The paths

  /// What `path` did with the candidate: the measurement it stored, or nil and why not; nil when
  /// the path cannot be given it (`add` computes the speed of sound; `set` takes only plausible
  /// temperatures; the stopwatch measures delays of a microsecond or more).
  func run(on path: MeasurementPath) throws -> (measurement: Measurement?, errors: String)? {
    switch path {
    case .add:
      guard source != nil || (isComputed && (-60...60).contains(timing!.temperature)) else { return nil }
      return try session { test in test.run(addLine) }
    case .stopwatch:
      guard let timing, isComputed, (-60...60).contains(timing.temperature), timing.delay >= 1e-6,
        timing.delay < 1000
      else { return nil }
      return try session { test in
        guard !test.run("flash" + (bearing.map { " \($0.description)" } ?? "")) else { return true }
        test.clock.advance(timing.delay)
        return test.run("thunder")
      }
    case .csv, .json:
      return try session(settingTemperature: false) { test in
        let file = test.directory.file("import")
        try test.directory.write("import", path == .csv ? csv : json)
        return test.run("import \(file)")
      }
    case .file:
      do {
        return (try HistoryFormat.entry(from: propertyList, position: 1, now: Self.now).measurement, "")
      } catch {
        return (nil, error.message)
      }
    }
  }

  /// Runs `body` in a new session (at the candidate's temperature, unless told not to) and returns
  /// the measurement it stored, or nil and the errors when `body` returns that it failed.
  private func session(settingTemperature: Bool = true, _ body: (TestSession) throws -> Bool) throws
    -> (measurement: Measurement?, errors: String)
  {
    let test = TestSession(directory: .inMemory())
    if settingTemperature, let temperature = timing?.temperature, temperature != 20 {
      test.runAll(["set temperature \(temperature.description)"])
    }
    guard try !body(test) else { return (nil, test.errors.text) }
    return (test.session.history.last, test.errors.text)
  }

  /// `add 6.0 at 2026-07-01T16:03:00Z from 90.0 note …`, or `add 10000.0 m at … source as3935 …`.
  var addLine: String {
    var line = "add "
    if let timing {
      line += timing.delay.description
    } else {
      line += "\(distance.description) m"
    }
    line += " at \(dateText)"
    if let bearing { line += " from \(bearing.description)" }
    if let source { line += " source \(source)" }
    if let note { line += " note \(note)" }
    return line
  }

  /// The date as ISO 8601 text, the one before the year 1 too.
  var dateText: String {
    date < Self.earliest ? "0000-12-31T23:59:59Z" : UTCTime.format(date)
  }

  /// The values an import file gives, by column; nil where it leaves one out.
  var exchangeValues: [(key: String, number: Double?, text: String?)] {
    let leftOut = leavesOutDefaults
    return [
      ("date", nil, dateText), ("delay_s", timing?.delay, nil), ("distance_m", leftOut ? nil : distance, nil),
      ("temperature_c", leftOut ? nil : timing?.temperature, nil),
      ("speed_of_sound_mps", leftOut ? nil : timing?.speedOfSound, nil), ("note", nil, note),
      ("bearing_deg", bearing, nil), ("source", nil, source),
    ]
  }

  var csv: String {
    let values = exchangeValues
    return CSVFormat.record(values.map(\.key))
      + CSVFormat.record(values.map { $0.number?.description ?? $0.text ?? "" })
  }

  var json: String {
    let members = exchangeValues.compactMap { value -> String? in
      guard let text = value.number?.description ?? value.text.map(JSONText.string) else { return nil }
      return "\(JSONText.string(value.key)): \(text)"
    }
    return "[{" + members.joined(separator: ", ") + "}]"
  }

  /// The entry as the history file holds it.
  var propertyList: PropertyListValue {
    var entries = [PropertyListEntry(key: "date", value: .date(date))]
    if let timing {
      entries += [
        PropertyListEntry(key: "delay", value: .real(timing.delay)),
        PropertyListEntry(key: "temperature", value: .real(timing.temperature)),
        PropertyListEntry(key: "speedOfSound", value: .real(timing.speedOfSound)),
      ]
    }
    entries.append(PropertyListEntry(key: "distance", value: .real(distance)))
    if let note { entries.append(PropertyListEntry(key: "note", value: .string(note))) }
    if let bearing { entries.append(PropertyListEntry(key: "bearing", value: .real(bearing))) }
    if let source { entries.append(PropertyListEntry(key: "source", value: .string(source))) }
    return .dictionary(entries)
  }
}
