import FoundationEssentials
import StormrangeDomain

/// One detector message, read but not yet judged against what its sensor said before: which
/// sensor, when (its own time, if it gives one), and what it says.
struct DetectorMessage {
  /// What a message says.
  enum Content: Equatable {
    /// A cumulative strike counter (rtl_433's `strike_count`, 8 bits), the distance the sensor
    /// last estimated in km (nil: none, no storm), and the sensor's state.
    case counter(count: Int, kilometres: Double?, state: CounterState)
    /// One event (Tasmota's AS3935): a strike at a distance in km, or something that is not one.
    case event(AS3935Event)
    /// A distance in km, one reading.
    case distance(kilometres: Double)
  }

  /// What a counting sensor says it last did (rtl_433's `state` of the WH31L/WH57).
  enum CounterState: Equatable {
    /// Battery change or reboot: its counter starts again.
    case startUp
    case strike
    case noise
    /// A disturber: a man-made pulse it told apart from lightning.
    case interference
    /// Not given, or a state rtl_433 does not name.
    case other
  }

  /// An AS3935 event, as Tasmota numbers them (`xsns_67_as3935.ino`).
  enum AS3935Event: Equatable {
    /// Event 1, lightning at a distance; event 4, the storm overhead (the chip's first step).
    case strike(kilometres: Double)
    /// Event 5: noise too high to detect lightning.
    case noise
    /// Event 6: a disturber.
    case disturber
    /// Events 3, 7, 8, 9 and any Tasmota adds: distance unknown, an interrupt without an event, a
    /// flickering interrupt line, powered off. Counted as the sensor's health.
    case other(Int)
    /// Events 0 (periodic telemetry, nothing happened) and 2 (lightning out of range).
    case nothing
  }

  var source: DetectorSource
  /// The message's own time; nil when it gives none (it is then dated when it arrived).
  var date: Date?
  /// The time as the message gave it, for messages about it.
  var timeText: String?
  var content: Content
}

/// Why a message was passed over: one line for a warning, without the line number.
struct DetectorMessageProblem: Error, Equatable {
  let message: String
  init(_ message: String) { self.message = message }
}
