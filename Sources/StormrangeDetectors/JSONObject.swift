import StormrangeBase

/// A JSON object's members by key, for reading a detector's message: each accessor says what the
/// value must be, and throws a problem naming the key when it is something else. A key given
/// twice is refused, since which value was meant cannot be known.
struct JSONObject {
  private let members: [String: JSONValue]
  private let repeated: String?

  init(members list: [JSONValue.Member]) {
    members = Dictionary(list.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    repeated = list.repeatedKey
  }

  /// Throws when a key was given twice.
  func checkKeysOnce() throws(DetectorMessageProblem) {
    if let repeated {
      throw DetectorMessageProblem(JSONValue.repeatedKeyMessage(DetectorMessage.shown(repeated)))
    }
  }

  /// Whether `key` is there (null included).
  func has(_ key: String) -> Bool { members[key] != nil }

  /// A string; nil when absent or null.
  func string(_ key: String) throws(DetectorMessageProblem) -> String? {
    switch members[key] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case let other?: throw DetectorMessageProblem("'\(key)' is \(other.typeDescription), not a string")
    }
  }

  /// A number; nil when absent or null.
  func number(_ key: String) throws(DetectorMessageProblem) -> Double? {
    switch members[key] {
    case nil, .null?: return nil
    case .number(let value)?: return value
    case let other?: throw DetectorMessageProblem("'\(key)' is \(other.typeDescription), not a number")
    }
  }

  /// A whole number in `range`; nil when absent or null.
  func integer(_ key: String, in range: ClosedRange<Int>) throws(DetectorMessageProblem) -> Int? {
    guard let value = try number(key) else { return nil }
    guard value.rounded() == value, value >= Double(range.lowerBound), value <= Double(range.upperBound)
    else {
      throw DetectorMessageProblem(
        "'\(key)' is \(value.messageText), not a whole number from \(range.lowerBound) to \(range.upperBound)"
      )
    }
    return Int(value)
  }

  /// A string, or a number as its text (`id`: rtl_433 gives most as numbers, some as text).
  func text(_ key: String) throws(DetectorMessageProblem) -> String? {
    switch members[key] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case .number(let value)?:
      return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : value.description
    case let other?:
      throw DetectorMessageProblem("'\(key)' is \(other.typeDescription), not a string or number")
    }
  }

  /// A sensor's id: a whole number from 0 to ``largestSensorID``; nil when absent or null. Text is
  /// refused, digits too: `"67016"` beside `67016` would be one sensor or two by guesswork, and
  /// rtl_433 prints the WH31L's id as a number. A negative or fractional id is no sensor's.
  func sensorID(_ key: String) throws(DetectorMessageProblem) -> Int? {
    switch members[key] {
    case nil, .null?: return nil
    case .string(let text)?:
      throw DetectorMessageProblem(
        "'\(key)' is the string \"\(DetectorMessage.shown(text))\", not a number: a sensor's id is a whole number from 0"
      )
    case .number(let value)?:
      guard value.rounded() == value, value >= 0, value <= Double(Self.largestSensorID) else {
        throw DetectorMessageProblem(
          "'\(key)' is \(value.messageText), not a sensor's id (a whole number from 0)"
            + (value > Double(Self.largestSensorID) ? " of at most 15 digits" : ""))
      }
      return Int(value)
    case let other?: throw DetectorMessageProblem("'\(key)' is \(other.typeDescription), not a number")
    }
  }

  /// The largest id, 15 digits: a double holds every whole number up to it, and `MODEL-ID` stays
  /// within a source name's 32 characters.
  static let largestSensorID = 999_999_999_999_999

  /// An object; nil when absent or null.
  func object(_ key: String) throws(DetectorMessageProblem) -> JSONObject? {
    switch members[key] {
    case nil, .null?: return nil
    case .object(let list)?: return JSONObject(members: list)
    case let other?: throw DetectorMessageProblem("'\(key)' is \(other.typeDescription), not an object")
    }
  }
}
