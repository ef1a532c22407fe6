import FoundationEssentials
import StormrangeBase
import StormrangeDomain

extension DetectorMessage {
  /// One `tele/<topic>/SENSOR` message of Tasmota with an AS3935:
  /// `{"Time": "2026-11-25T11:09:31", "AS3935": {"Event": 1, "Distance": 12, "Energy": 3461, "Stage": 4}}`.
  /// The events are Tasmota's (`xsns_67_as3935.ino`): 0 nothing (periodic telemetry), 1 lightning
  /// with its distance, 2 out of range, 3 distance unknown, 4 overhead, 5 noise, 6 disturber, 7 an
  /// interrupt without an event, 8 a flickering interrupt line, 9 powered off. `Time` is Tasmota's
  /// local time, usually without an offset.
  static func tasmota(_ object: JSONObject, source: DetectorSource, zone: LocalTime)
    throws(DetectorMessageProblem) -> DetectorMessage
  {
    try object.checkKeysOnce()
    guard let sensor = try object.object("AS3935") else {
      throw DetectorMessageProblem("no 'AS3935' object: not a message of Tasmota's AS3935 sensor")
    }
    try sensor.checkKeysOnce()
    guard let number = try sensor.integer("Event", in: 0...255) else {
      throw DetectorMessageProblem("no 'Event' in 'AS3935'")
    }
    let event: AS3935Event
    switch number {
    case 1:
      guard let kilometres = try sensor.number("Distance") else {
        throw DetectorMessageProblem("event 1 (lightning) has no 'Distance'")
      }
      event = .strike(kilometres: kilometres)
    case 4: event = .strike(kilometres: AS3935.stepsKilometres[0])
    case 5: event = .noise
    case 6: event = .disturber
    case 0, 2: event = .nothing
    default: event = .other(number)
    }
    let time = try time(object, key: "Time", zone: zone)
    return DetectorMessage(source: source, date: time?.date, timeText: time?.text, content: .event(event))
  }
}
