import FoundationEssentials
import StormrangeBase
import StormrangeRendering
import StormrangeDomain

/// Turns detector messages into readings to record: the part of `ingest` (and of `mqtt
/// --subscribe`) that knows the formats and the sensors, with no I/O. Feed it each message with
/// the moment it arrived; it returns the reading to record, if any, already checked as `add … km`
/// checks one, or a warning, and keeps a summary of each sensor.
///
/// - rtl433: a reading when a sensor's strike count goes up (see ``SensorState``), at the distance
///   the message gives (none: no reading). A count that rose by several since the last message
///   records one reading, not several, with a note: the sensor gives one distance for them all,
///   and several readings of it would make the storm look more active and the distance surer than
///   it is.
/// - tasmota: a reading for event 1 (lightning at a distance) and event 4 (overhead: the chip's
///   1 km step); noise, disturbers and other events counted as the sensor's health.
/// - km: each message a reading.
///
/// A reading is dated by the message's own time (``MessageTime``), else by its arrival; a time
/// before ``earliestClock`` is a clock that is not set, and the reading is dated by its arrival
/// (``judgeTime(of:arrival:state:)``).
package struct DetectorIngest {
  /// 2010-01-01T00:00:00Z, before any of these detectors was made. A device that has not set its
  /// clock counts from 1970 (Tasmota without NTP sends `"Time":"1970-01-01T00:00:03"`, its uptime)
  /// or from 2000 (a real-time-clock chip reset). A reading dated so would be recorded years ago
  /// and never count in the storm, in the very outage a storm brings.
  static let earliestClock = Date(timeIntervalSince1970: 1_262_304_000)
  /// Seconds by which a message may be dated before it arrives, and still be news: a live stream's
  /// delay. A sensor's first message later than this is told of (``SensorState/lagSaid``).
  static let streamDelay = 600.0
  /// The most sensors kept at once. rtl_433 hears every sensor nearby, and a neighbour's devices, a
  /// noisy band or a replayed capture can bring any number of ids (300,000 took 230 MB). Past this
  /// one, each new sensor takes the place of the one heard least recently, so a flood of ids never
  /// locks out a real sensor heard among them: it is heard again before 64 others are new.
  package static let maximumSensors = 64

  package struct Options: Sendable {
    package var format: DetectorFormat
    /// The source of tasmota and km readings (nil: the format's default, `tasmota` or `detector`);
    /// rtl433 names each sensor `MODEL-ID`.
    package var source: DetectorSource?
    /// Only these sources are read (empty: every one); others are passed over without a word.
    package var sensors: Set<String>
    /// The zone of a message time without an offset.
    package var zone: LocalTime

    package init(
      format: DetectorFormat, source: DetectorSource? = nil, sensors: Set<String> = [],
      zone: LocalTime = .system
    ) {
      self.format = format
      self.source = source
      self.sensors = sensors
      self.zone = zone
    }
  }

  /// What one message gave.
  package struct Delivery: Sendable {
    /// The reading to record; checked as `add … km` checks one.
    package var reading: Measurement?
    /// Why the message gave nothing, or its reading was refused: one line, without a line number.
    package var warning: String?
    /// The sensor, when this was its first message: to announce.
    package var newSensor: DetectorSource?
    /// The sensor whose summary this message changed; nil when none did.
    package var sensor: DetectorSource?
    /// The sensor forgotten to make room for ``newSensor`` (``maximumSensors``): its summary is
    /// gone, and a message from it later starts it afresh.
    package var forgotten: DetectorSource?
    /// Whether this is the first sensor forgotten: to say once that the cap was reached.
    package var firstForgotten = false

    package init() {}
  }

  package let options: Options
  private var states: [String: SensorState] = [:]
  /// The sensors' names in the order they were first heard.
  private var order: [String] = []
  /// Messages taken so far: the clock by which the sensor heard least recently is found.
  private var heard = 0
  /// Whether a sensor has been forgotten (``maximumSensors``).
  package private(set) var hasForgotten = false

  package init(_ options: Options) { self.options = options }

  /// Each sensor's summary, in the order they were first heard.
  package var summaries: [SensorSummary] { order.compactMap { states[$0]?.summary } }

  /// The summary of the sensor named `name`, once it has been heard.
  package func summary(of name: String) -> SensorSummary? { states[name]?.summary }

  /// Takes in one message that arrived at `arrival` (which also serves as now, for the check that
  /// a reading is not dated ahead). `source`, for tasmota and km, names its sensor instead of
  /// ``Options/source`` (an MQTT topic's device). A blank message gives nothing.
  package mutating func receive(_ text: String, arrival: Date, source: DetectorSource? = nil) -> Delivery {
    var delivery = Delivery()
    guard text.contains(where: { !$0.isWhitespace }) else { return delivery }
    let message: DetectorMessage
    do {
      let named = source ?? options.source ?? options.format.defaultSource ?? DetectorFormat.km.defaultSource!
      guard
        let read = try DetectorMessage.read(
          text, format: options.format, source: named, sensors: options.sensors, zone: options.zone)
      else { return delivery }
      message = read
    } catch {
      delivery.warning = error.message
      return delivery
    }
    let name = message.source.name
    if states[name] == nil {
      if states.count >= Self.maximumSensors { forgetOne(for: &delivery) }
      states[name] = SensorState(source: message.source)
      order.append(name)
      delivery.newSensor = message.source
    }
    delivery.sensor = message.source
    heard += 1
    states[name]!.lastHeard = heard
    var state = states[name]!
    defer { states[name] = state }
    let told = Self.judgeTime(of: message, arrival: arrival, state: &state)
    delivery.warning = told?.warning
    // A clock not set still counts the time since it started: the counter's silences are judged
    // by the message's own times, the reading dated by its arrival.
    let ownTime = message.date ?? arrival
    let date = ownTime < Self.earliestClock ? arrival : ownTime
    state.summary.messages += 1
    // A message dated ahead of the clock has not happened yet: refused whole, it leaves the
    // sensor's last time and its counter's baseline alone, or it would make the real messages
    // after it look like repeats until the clock caught up with it.
    do throws(MeasurementError) {
      try MeasurementRules.typed.checkDate(date, now: arrival, typed: message.timeText)
    } catch {
      delivery.warning = error.message(in: options.zone)
      return delivery
    }
    // A message replayed or delivered twice does not take the latest back.
    state.summary.lastMessage = max(state.summary.lastMessage ?? date, date)
    var kilometres: Double?
    var strikes = 1
    switch message.content {
    case .distance(let distance): kilometres = distance
    case .event(.strike(let distance)): kilometres = distance
    case .event(.noise): state.summary.noise += 1
    case .event(.disturber): state.summary.disturbers += 1
    case .event(.other): state.summary.otherEvents += 1
    case .event(.nothing): break
    case .counter(let count, let distance, let counterState):
      strikes = state.count(count, state: counterState, date: ownTime)
      guard strikes > 0 else { break }
      guard let distance else {
        state.summary.strikesNotRecorded += strikes
        break
      }
      kilometres = distance
    }
    guard let kilometres else { return delivery }
    do throws(MeasurementError) {
      delivery.reading = try Self.reading(kilometres, strikes: strikes, of: message, date: date, now: arrival)
      state.summary.readings += 1
    } catch {
      state.summary.strikesNotRecorded += strikes
      // The refusal says more; what the time's warning said is said with a later message.
      if let told { state[keyPath: told.flag] = false }
      delivery.warning = error.message(in: options.zone)
    }
    return delivery
  }

  /// Forgets the sensor heard least recently, to make room for a new one: a scan of at most
  /// ``maximumSensors``, once per new sensor.
  private mutating func forgetOne(for delivery: inout Delivery) {
    guard let oldest = states.min(by: { $0.value.lastHeard < $1.value.lastHeard }) else { return }
    states[oldest.key] = nil
    order.removeAll { $0 == oldest.key }
    delivery.forgotten = oldest.value.summary.source
    delivery.firstForgotten = !hasForgotten
    hasForgotten = true
  }

  /// What to tell of a message's own time, once per sensor (``SensorState/clockNotSetSaid``,
  /// ``SensorState/lagSaid``): a clock not set (before ``earliestClock``: the reading is dated when
  /// it arrives), or a time more than ``streamDelay`` before the arrival (recorded as dated, but
  /// not the storm now). Nil when there is nothing to tell; the flag is the one it set.
  private static func judgeTime(of message: DetectorMessage, arrival: Date, state: inout SensorState)
    -> (warning: String, flag: WritableKeyPath<SensorState, Bool>)?
  {
    guard let own = message.date else { return nil }
    let name = message.source.name
    let quoted = message.timeText.map(DetectorMessage.shown) ?? UTCTime.format(own)
    if own < earliestClock {
      guard !state.clockNotSetSaid else { return nil }
      state.clockNotSetSaid = true
      return (
        "\(name)'s clock is not set (its time \(quoted) is before \(UTCTime.format(earliestClock).prefix(4))): "
          + "its readings are dated when they arrive",
        \.clockNotSetSaid
      )
    }
    state.clockNotSetSaid = false
    let lag = arrival.timeIntervalSince(own)
    guard lag > streamDelay, !state.lagSaid else { return nil }
    state.lagSaid = true
    return (
      "\(name)'s messages are dated \(DurationText.approximate(lag)) before they arrived: "
        + "a log replayed, or its clock in another zone than stormrange's (TZ)?",
      \.lagSaid
    )
  }

  /// ``receive(_:arrival:source:)`` for a message as bytes (an MQTT payload), which must be UTF-8.
  package mutating func receive(bytes: [UInt8], arrival: Date, source: DetectorSource? = nil) -> Delivery {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      var delivery = Delivery()
      delivery.warning = "the message is not valid UTF-8 text"
      return delivery
    }
    return receive(text, arrival: arrival, source: source)
  }

  /// The reading of `kilometres` from `message`, dated `date`, checked as `add … km` checks one at
  /// `now`; `strikes` more than 1 is said in its note.
  private static func reading(
    _ kilometres: Double, strikes: Int, of message: DetectorMessage, date: Date, now: Date
  ) throws(MeasurementError) -> Measurement {
    let rules = MeasurementRules.typed
    let unit = DistanceUnit.kilometres
    let metres = try rules.checkDetectorReading(
      kilometres, in: unit, atMost: unit.typedLimit, source: message.source,
      typed: "\(kilometres.messageText) km")
    try rules.checkDate(date, now: now, typed: message.timeText)
    let note = strikes > 1 ? "\(strikes) strikes since the sensor's last message" : nil
    return Measurement(
      date: date, distance: metres, origin: .detector(source: message.source), bearing: nil, note: note)
  }
}
