import StormrangeBase
import StormrangeDetectors
import StormrangeDomain
import StormrangeLocated
import StormrangeRendering
import StormrangeShell
import StormrangeStore

/// Where the service meets `ingest`'s reading of detector messages (``DetectorIngest``): one reader
/// per format, so that a sensor heard on two topics keeps one strike count.
extension MQTTService {
  /// The warnings shown one by one on standard error; then one line says that no more are shown.
  static let reportedWarnings = IngestStream.reportedWarnings

  /// Records what `message` holds, read as `format`, as `ingest` records a line: its reading
  /// confirmed on standard output as `add` confirms one, a warning or a new sensor on standard
  /// error. Returns the source of the sensor whose summary it changed; a sensor forgotten to make
  /// room for a new one (``DetectorIngest/maximumSensors``) goes to ``forgottenSensors``.
  func ingest(_ message: ReceivedMessage, as format: DetectorFormat) -> String? {
    // Other sensors of a Tasmota device share `tele/+/SENSOR` (temperatures, power): not a word
    // about those.
    if format == .tasmota, !message.payload.contains(subsequence: Array(#""AS3935""#.utf8)) { return nil }
    var reader =
      readers[format] ?? DetectorIngest(DetectorIngest.Options(format: format, zone: session.localTime))
    let delivery = reader.receive(
      bytes: message.payload, arrival: message.arrival.wall,
      source: Self.source(of: message.topic, format: format))
    readers[format] = reader
    let topic = message.topic.escapedForDisplay
    if delivery.firstForgotten {
      inform("topic \(topic): " + IngestStream.capReached(format))
    } else if let sensor = delivery.newSensor, !reader.hasForgotten {
      inform("topic \(topic): new sensor \(sensor.name) (\(sensor.kind.rawValue))")
    }
    if let forgotten = delivery.forgotten?.name, sensorSummaries.removeValue(forKey: forgotten) != nil {
      forgottenSensors.append(forgotten)
    }
    if let warning = delivery.warning { warn("topic \(topic): \(warning)") }
    if let reading = delivery.reading {
      do {
        try session.record(reading, warning: nil, unit: session.currentSettings.unit)
      } catch {
        // Not a warning about the message but the history's refusal (missing, full): always said.
        inform("topic \(topic): \(error.message)")
      }
    }
    guard let sensor = delivery.sensor, let summary = reader.summary(of: sensor.name) else { return nil }
    sensorSummaries[sensor.name] = summary.json
    return sensor.name
  }

  /// Records the located strike `message` holds, read as `format`, as `ingest` records a line: a
  /// new group confirmed on standard output as `add` confirms a reading, a later strike of its
  /// minute updating its entry in place; each kind of fault warned of once.
  func ingest(_ message: ReceivedMessage, located format: LocatedFormat) {
    let topic = message.topic.escapedForDisplay
    do throws(StormrangeError) {
      let recorder: LocatedRecorder
      if let made = locatedRecorders[format] {
        recorder = made
      } else {
        recorder = try LocatedRecorder.start(format, source: nil, in: session)
      }
      locatedRecorders[format] = recorder
      let recorded = recorder.ingest.counts.recorded
      if let warning = try recorder.take(message.payload, arrival: message.arrival.wall) {
        warn("topic \(topic): \(warning)")
      }
      if recorder.ingest.counts.recorded > recorded { locatedChanged = true }
    } catch {
      // The history's refusal (missing, full), or no location: always said.
      inform("topic \(topic): \(error.message)")
    }
  }

  /// Writes each located source's summary on standard error (`stormrange: blitzortung (located):
  /// 1,234 strikes, …`), as `ingest` writes its own: every ``IngestStream/summaryInterval`` (at the
  /// first messages after it) and, with `now` nil, at the end.
  package func summariseLocated(now: Double?) {
    guard !locatedRecorders.isEmpty else { return }
    if let now {
      let last = lastLocatedSummary ?? now
      lastLocatedSummary = last
      guard now - last >= IngestStream.summaryInterval else { return }
      lastLocatedSummary = now
    }
    for format in LocatedFormat.allCases {
      if let recorder = locatedRecorders[format] { inform(recorder.summaryLine) }
    }
  }

  /// The source of a Tasmota reading: its device's topic, the level before `SENSOR`
  /// (`tele/lightning/SENSOR` → `lightning`), when that is a source name, and not `.` or `..`
  /// (``DetectorSource/folderNames``); else the format's default. rtl_433 names its sensors
  /// itself, and km readings are the format's default.
  static func source(of topic: String, format: DetectorFormat) -> DetectorSource? {
    guard format == .tasmota else { return nil }
    let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
    guard levels.count >= 2, levels.last == "SENSOR" else { return nil }
    return try? MeasurementRules.detector(String(levels[levels.count - 2]), kind: .as3935)
  }

  /// A warning about a message, counted: shown while there have been at most
  /// ``reportedWarnings``, then said once that no more are shown.
  func warn(_ text: String) {
    warnings += 1
    if warnings <= Self.reportedWarnings { inform(text) }
    if warnings == Self.reportedWarnings + 1 {
      inform("more than \(Self.reportedWarnings) warnings about messages: further ones are not shown")
    }
  }

  private func inform(_ text: String) {
    session.errors.write(
      session.errorPalette.paint("stormrange: " + text.escapingControlCharacters, as: .caution) + "\n")
  }
}

extension Array where Element: Equatable {
  /// Whether `part` occurs in this array, element by element.
  fileprivate func contains(subsequence part: [Element]) -> Bool {
    guard !part.isEmpty, part.count <= count else { return part.isEmpty }
    return (0...(count - part.count)).contains { self[$0..<$0 + part.count].elementsEqual(part) }
  }
}
