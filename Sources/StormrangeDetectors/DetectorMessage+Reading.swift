import FoundationEssentials
import StormrangeBase
import StormrangeDomain

extension DetectorMessage {
  /// Reads one message in `format`: a line of standard input or an MQTT payload. `source` names
  /// the sensor of a tasmota or km message (rtl_433 names its own); `sensors`, when not empty, are
  /// the only sources wanted: a message from another is nil, passed over without a word. A time
  /// without an offset is a wall-clock time in `zone`.
  static func read(
    _ text: String, format: DetectorFormat, source: DetectorSource, sensors: Set<String>, zone: LocalTime
  ) throws(DetectorMessageProblem) -> DetectorMessage? {
    switch format {
    case .km:
      guard sensors.isEmpty || sensors.contains(source.name) else { return nil }
      return DetectorMessage(source: source, date: nil, timeText: nil, content: try kilometres(text))
    case .tasmota:
      guard sensors.isEmpty || sensors.contains(source.name) else { return nil }
      return try tasmota(try object(text), source: source, zone: zone)
    case .rtl433:
      return try rtl433(try object(text), sensors: sensors, zone: zone)
    }
  }

  /// A bare distance in km: a number as `add` takes one (`12`, `12.5`).
  private static func kilometres(_ text: String) throws(DetectorMessageProblem) -> Content {
    let trimmed = text.trimmingBlanks
    guard let value = StrictNumber.parse(trimmed) else {
      throw DetectorMessageProblem("'\(shown(trimmed))' is not a distance in km")
    }
    return .distance(kilometres: value)
  }

  /// The members of the JSON object `text` is.
  private static func object(_ text: String) throws(DetectorMessageProblem) -> JSONObject {
    let value: JSONValue
    do {
      value = try JSONReader.read(Array(text.utf8))
    } catch {
      throw DetectorMessageProblem("not JSON: at \(error.description)")
    }
    guard case .object(let members) = value else {
      throw DetectorMessageProblem("the JSON is \(value.typeDescription), not an object")
    }
    return JSONObject(members: members)
  }

  /// The message's own time from `time` (rtl_433) or `Time` (Tasmota), if it has one.
  static func time(_ object: JSONObject, key: String, zone: LocalTime) throws(DetectorMessageProblem)
    -> (date: Date, text: String)?
  {
    guard let text = try object.string(key) else { return nil }
    guard let date = MessageTime.parse(text, zone: zone) else {
      throw DetectorMessageProblem(
        "'\(key)' is '\(shown(text))', not a time (ISO 8601, e.g. 2026-11-25T10:09:31Z, or Unix seconds)")
    }
    return (date, text)
  }

  /// Text from a message as a warning shows it: cut after 40 characters (escaping is the
  /// warning's).
  static func shown(_ text: String) -> String {
    text.count > 40 ? String(text.prefix(40)) + "…" : text
  }
}

extension String {
  /// Without the blanks (spaces, tabs, a carriage return) at either end.
  fileprivate var trimmingBlanks: String {
    let blanks: Set<Character> = [" ", "\t", "\r"]
    guard let first = firstIndex(where: { !blanks.contains($0) }),
      let last = lastIndex(where: { !blanks.contains($0) })
    else { return "" }
    return String(self[first...last])
  }
}
