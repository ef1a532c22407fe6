import StormrangeBase

/// MQTT's rules for topic names and filters (MQTT 3.1.1, section 4.7), for the names `mqtt` publishes
/// under and the filters `--subscribe` takes.
enum MQTTTopic {
  /// Why `name` cannot be a topic to publish under, or nil: it is empty, holds a wildcard (`+`,
  /// `#`) or NUL, or is longer than MQTT allows (65,535 bytes).
  static func problem(withName name: String) -> String? {
    if name.isEmpty { return "it is empty" }
    if name.contains("+") || name.contains("#") {
      return "a topic to publish under has no wildcards (+ or #)"
    }
    // The broker would refuse it (libmosquitto: "Malformed UTF-8") only once the will is set.
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "it holds a control character"
    }
    return lengthProblem(name)
  }

  /// Why `filter` cannot be subscribed to, or nil: `+` must fill a whole level and `#` the last.
  static func problem(withFilter filter: String) -> String? {
    if filter.isEmpty { return "it is empty" }
    let levels = filter.split(separator: "/", omittingEmptySubsequences: false)
    for (number, level) in levels.enumerated() {
      if level.contains("+"), level != "+" { return "+ stands for a whole level, as in tele/+/SENSOR" }
      if level.contains("#"), level != "#" || number != levels.count - 1 {
        return "# stands for the last levels, as in rtl_433/#"
      }
    }
    return lengthProblem(filter)
  }

  private static func lengthProblem(_ text: String) -> String? {
    if text.unicodeScalars.contains("\u{0}") { return "it holds a NUL character" }
    if text.utf8.count > 65_535 { return "it is longer than MQTT allows (65,535 bytes)" }
    return nil
  }

  /// Whether `topic` matches `filter`, as a broker decides: `+` matches one level, `#` the rest
  /// (and the level above: `a/#` matches `a`), and a filter starting with a wildcard does not match
  /// a topic starting with `$` (the broker's own, `$SYS/…`).
  static func matches(_ topic: String, filter: String) -> Bool {
    if topic.hasPrefix("$"), filter.hasPrefix("+") || filter.hasPrefix("#") { return false }
    let names = topic.split(separator: "/", omittingEmptySubsequences: false)
    let levels = filter.split(separator: "/", omittingEmptySubsequences: false)
    for (index, level) in levels.enumerated() {
      if level == "#" { return true }
      guard index < names.count else { return false }
      if level != "+", level != names[index] { return false }
    }
    return names.count == levels.count
  }
}
