import FoundationEssentials
import StormrangeDomain

/// What `ingest` knows of one sensor: its summary, and what its last message said, to judge the
/// next against. A counting sensor (rtl_433's WH31L/WH57) repeats its last values every minute or
/// so, so a strike is a rise of its count, not a message.
struct SensorState {
  /// A lower count after this long without a message (by the messages' own times) is a counter
  /// that started again, not one that went past 255.
  static let resetSilence: Double = 3600
  /// The counter's modulus: it counts 0 to 255 and goes on from 0.
  static let counterModulus = 256

  var summary: SensorSummary
  /// The last message's strike count, and its date.
  private var lastCount: Int?
  private var lastDate: Date?
  /// The last message's state, so that a state the sensor repeats is counted once.
  private var lastState: DetectorMessage.CounterState?
  /// Whether a warning said that this sensor's clock is not set (``DetectorIngest/earliestClock``);
  /// said again only after its clock has been seen set.
  var clockNotSetSaid = false
  /// Whether a warning said that this sensor's messages are dated well before they arrived (a
  /// log replayed, or a clock in another zone): once.
  var lagSaid = false
  /// When it was last heard, by ``DetectorIngest``'s count of messages: the sensor heard least
  /// recently is forgotten first (``DetectorIngest/maximumSensors``).
  var lastHeard = 0

  init(source: DetectorSource) { summary = SensorSummary(source: source) }

  /// Takes in a counter's message dated `date`; returns how many strikes it adds (0: none).
  ///
  /// - A message earlier than the last one by its own time (a second receiver, an MQTT
  ///   redelivery, a replay) is a repeat, whatever it says, and leaves the baseline alone; so is
  ///   one at the same time that does not raise the count: a lower count there is old news, not a
  ///   wrap, which needs time to move forward.
  /// - The first message sets the baseline, and so does a start-up message (a battery change or
  ///   reboot): nothing is counted.
  /// - The same count as before is a repeat.
  /// - A lower count is a counter that started again (a new baseline) when the last message is
  ///   more than ``resetSilence`` older; otherwise it went past 255 (a wrap).
  /// - Noise and interference are counted when the state turns to them, not again while the
  ///   sensor repeats them.
  mutating func count(_ count: Int, state: DetectorMessage.CounterState, date: Date) -> Int {
    // Earlier: old news, whatever its count. At the same time (to the second the sensor's time
    // gives): a higher count is news, a lower one is not a wrap, which needs time to move forward.
    if let lastDate, let lastCount, date < lastDate || (date == lastDate && count <= lastCount) {
      summary.repeats += 1
      return 0
    }
    defer {
      lastCount = count
      lastDate = date
      lastState = state
    }
    if state != lastState {
      if state == .noise { summary.noise += 1 }
      if state == .interference { summary.disturbers += 1 }
    }
    guard let lastCount, let lastDate else { return 0 }
    if state == .startUp {
      summary.resets += 1
      return 0
    }
    if count == lastCount {
      summary.repeats += 1
      return 0
    }
    if count > lastCount { return count - lastCount }
    if date.timeIntervalSince(lastDate) > Self.resetSilence {
      summary.resets += 1
      return 0
    }
    summary.wraps += 1
    return count + Self.counterModulus - lastCount
  }
}
