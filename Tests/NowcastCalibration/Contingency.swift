/// A yes/no warning against what came, counted as IEC 62793 (thunderstorm warning systems) counts a
/// warning system's success: hits, misses, false alarms and correct quiet.
package struct Contingency: Equatable, Sendable {
  package private(set) var hits = 0
  package private(set) var misses = 0
  package private(set) var falseAlarms = 0
  package private(set) var correctNegatives = 0

  package init() {}

  package init(hits: Int, misses: Int, falseAlarms: Int, correctNegatives: Int) {
    (self.hits, self.misses, self.falseAlarms, self.correctNegatives) = (
      hits, misses, falseAlarms, correctNegatives
    )
  }

  package mutating func add(warned: Bool, happened: Bool) {
    switch (warned, happened) {
    case (true, true): hits += 1
    case (false, true): misses += 1
    case (true, false): falseAlarms += 1
    case (false, false): correctNegatives += 1
    }
  }

  /// Probability of detection: of the events, the share warned of. Nil without events.
  package var probabilityOfDetection: Double? {
    Self.share(hits, of: hits + misses)
  }

  /// False alarm ratio: of the warnings, the share not followed by the event. Nil without warnings.
  package var falseAlarmRatio: Double? {
    Self.share(falseAlarms, of: hits + falseAlarms)
  }

  /// Critical success index: hits over hits, misses and false alarms; it rewards neither warning of
  /// everything nor of nothing. Nil when there were neither events nor warnings.
  package var criticalSuccessIndex: Double? {
    Self.share(hits, of: hits + misses + falseAlarms)
  }

  /// Cases CSI is a share of.
  package var criticalSuccessCount: Int { hits + misses + falseAlarms }

  static func share(_ part: Int, of whole: Int) -> Double? {
    whole > 0 ? Double(part) / Double(whole) : nil
  }
}
