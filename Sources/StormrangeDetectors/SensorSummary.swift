import FoundationEssentials
import StormrangeBase
import StormrangeDomain

/// How one sensor has done since `ingest` (or `mqtt`) started: what was recorded, what was passed
/// over, and its health (noise and disturbers, which an AS3935 tells apart from lightning). Printed
/// on standard error at the end and every 10 minutes, and published by `mqtt` as JSON.
package struct SensorSummary: Equatable, Sendable {
  package var source: DetectorSource
  /// Messages read from it.
  package var messages = 0
  /// Readings recorded (or handed on to be recorded).
  package var readings = 0
  /// Messages that repeated the last strike count: no new strike.
  package var repeats = 0
  /// Strikes the count went up by without a distance to record, or whose reading was refused.
  var strikesNotRecorded = 0
  /// Times the counter started again: a start-up message, or a lower count after an hour's silence.
  package var resets = 0
  /// Times the 8-bit counter went past 255 back to 0.
  package var wraps = 0
  /// Noise: the chip heard too much noise to detect lightning.
  package var noise = 0
  /// Disturbers: man-made pulses the chip told apart from lightning (rtl_433's `interference`).
  package var disturbers = 0
  /// Other events that are not lightning (Tasmota's 3, 7, 8 and 9: distance unknown, an interrupt
  /// without an event, a flickering interrupt line, powered off).
  var otherEvents = 0
  /// The message time of its latest message (the arrival when it had none).
  var lastMessage: Date?

  package init(source: DetectorSource) { self.source = source }

  /// `FineOffset-WH31L-67016 (as3935): 3 readings, 41 repeats, 2 noise, 0 disturbers`, with the
  /// other counts only when not 0.
  package var line: String {
    var parts = [
      Self.count(readings, "reading"), Self.count(repeats, "repeat"), "\(noise) noise",
      Self.count(disturbers, "disturber"),
    ]
    if otherEvents > 0 { parts.append(Self.count(otherEvents, "other event")) }
    if strikesNotRecorded > 0 { parts.append(Self.count(strikesNotRecorded, "strike") + " not recorded") }
    if resets > 0 { parts.append(Self.count(resets, "reset")) }
    if wraps > 0 { parts.append(Self.count(wraps, "wrap")) }
    return "\(source.name) (\(source.kind.rawValue)): " + parts.joined(separator: ", ")
  }

  /// One JSON object on one line, with every count:
  /// `{"source": "…", "detector": "as3935", "messages": 45, "readings": 3, …, "last_message": "…"}`.
  package var json: String {
    let members: [(String, String)] = [
      ("source", JSONText.string(source.name)), ("detector", JSONText.string(source.kind.rawValue)),
      ("messages", String(messages)), ("readings", String(readings)), ("repeats", String(repeats)),
      ("strikes_not_recorded", String(strikesNotRecorded)), ("resets", String(resets)),
      ("wraps", String(wraps)), ("noise", String(noise)), ("disturbers", String(disturbers)),
      ("other_events", String(otherEvents)),
      ("last_message", lastMessage.map { JSONText.string(UTCTime.format($0)) } ?? "null"),
    ]
    return "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
