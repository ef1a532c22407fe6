import FoundationEssentials
import StormrangeBase
import StormrangeDomain

extension DetectorMessage {
  /// The rtl_433 model read: Fine Offset's AS3935 sensor, sold as the Ecowitt WH57 and the
  /// Ambient Weather WH31L (decoder 190).
  static let fineOffsetWH31L = "FineOffset-WH31L"
  /// AcuRite's lightning sensor (decoder 40), which is not read: see ``rtl433(_:sensors:zone:)``.
  static let acuRite6045M = "Acurite-6045M"

  /// One line of `rtl_433 -F json`: `{"time": "2026-11-25T10:09:31Z", "model": "FineOffset-WH31L",
  /// "id": 67016, "state": "strike", "storm_dist_km": 5, "strike_count": 1, …}`. The sensor is
  /// `MODEL-ID`, its id a whole number from 0 (``JSONObject/sensorID(_:)``); `storm_dist_km` is
  /// absent when the sensor sends 63 (no storm).
  ///
  /// `state` is a word since rtl_433 22.11 (`reset`, `interference`, `noise`, `strike`) and a
  /// number before (0, 1, 4, 8); 0, `reset`, is a battery change or reboot (the decoder's
  /// documentation, from the WH31L's manual and captures in rtl_433 issue 1744).
  ///
  /// The AcuRite 6045M is refused: its distance is 5 bits with 31 meaning "none", too few for the
  /// AS3935's 40 km, and its unit is not known (a console showed 5 miles for a 7), so a reading
  /// of it cannot be given a distance that means something.
  static func rtl433(_ object: JSONObject, sensors: Set<String>, zone: LocalTime)
    throws(DetectorMessageProblem) -> DetectorMessage?
  {
    try object.checkKeysOnce()
    guard let model = try object.string("model") else {
      throw DetectorMessageProblem("no 'model': not a line of rtl_433 -F json")
    }
    switch model {
    case fineOffsetWH31L: break
    default:
      // Another model's id is only for --sensor, which passes it over without a word.
      let name = try object.text("id").map { "\(model)-\($0)" } ?? model
      guard sensors.isEmpty || sensors.contains(name) else { return nil }
    }
    switch model {
    case fineOffsetWH31L: break
    case acuRite6045M:
      throw DetectorMessageProblem(
        "\(acuRite6045M) is not read: the unit of its 5-bit distance is not known (docs/formats.md)")
    default:
      throw DetectorMessageProblem(
        "model '\(shown(model))' is not a lightning sensor stormrange reads; it reads \(fineOffsetWH31L) "
          + "(Ecowitt WH57, Ambient WH31L): rtl_433 -R 190 decodes only that")
    }
    guard let id = try object.sensorID("id") else {
      throw DetectorMessageProblem("no 'id': rtl_433 names each sensor by its id")
    }
    let name = "\(model)-\(id)"
    guard sensors.isEmpty || sensors.contains(name) else { return nil }
    guard let source = DetectorSource(name, kind: .as3935) else {
      throw DetectorMessageProblem(
        "'\(shown(name))' is not a source name (\(DetectorSource.nameRule))"
      )
    }
    guard let count = try object.integer("strike_count", in: 0...255) else {
      throw DetectorMessageProblem("no 'strike_count'")
    }
    let kilometres = try object.number("storm_dist_km")
    let time = try time(object, key: "time", zone: zone)
    return DetectorMessage(
      source: source, date: time?.date, timeText: time?.text,
      content: .counter(count: count, kilometres: kilometres, state: try counterState(object)))
  }

  /// `state`, as a word or as the number older rtl_433 printed.
  private static func counterState(_ object: JSONObject) throws(DetectorMessageProblem) -> CounterState {
    guard let text = try object.text("state") else { return .other }
    switch text.asciiLowercased {
    case "reset", "0": return .startUp
    case "strike", "8": return .strike
    case "noise", "4": return .noise
    case "interference", "1": return .interference
    default: return .other
    }
  }
}
