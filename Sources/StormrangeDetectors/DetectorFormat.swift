import StormrangeBase
import StormrangeDomain

/// What a detector's messages look like, one message a line (or an MQTT payload): what `ingest`
/// and `mqtt --subscribe` read (docs/formats.md, "Detector messages").
package enum DetectorFormat: String, CaseIterable, Sendable {
  /// `rtl_433 -F json`: one JSON object per packet; the Ecowitt WH57 and Ambient WH31L
  /// (`FineOffset-WH31L`) are read, each sensor named `MODEL-ID`.
  case rtl433
  /// Tasmota's `tele/<topic>/SENSOR` with an `AS3935` object: one message per event.
  case tasmota
  /// A bare distance in kilometres (ESPHome and others), dated when it arrives.
  case km

  /// The format a word names, in any ASCII case; nil when it names none.
  package init?(word: String) {
    guard let name = word.word(among: Self.allCases.map(\.rawValue)) else { return nil }
    self.init(rawValue: name)
  }

  /// The source of a reading when none is given: `tasmota`, or `detector` (as `add` names one);
  /// nil for rtl433, whose readings are named by their sensor.
  package var defaultSource: DetectorSource? {
    switch self {
    case .rtl433: nil
    case .tasmota: DetectorSource("tasmota", kind: .as3935)
    case .km: DetectorSource("detector")
    }
  }

  /// `rtl433|tasmota|km`.
  package static var choices: String { allCases.map(\.rawValue).joined(separator: "|") }
}
