import StormrangeBase
import StormrangeDomain

/// The words of `add SECONDS [at TIME] [from BEARING] [note TEXT]` and
/// `add DIST UNIT [at TIME] [from BEARING] [source NAME] [detector KIND] [note TEXT]`, taken apart
/// and checked for form. `at`, `from`, `source` and `detector` come in any order, each once; `note` is last and takes the rest
/// of the line. The keywords and units are taken in any case (`FROM`, `KM`). Whether the values are
/// ones a measurement may have is ``MeasurementRules``' to say.
struct AddArguments {
  /// The keywords, in the order completion offers them.
  static let keywords = ["at", "from", "source", "detector", "note"]
  /// The units a detector's distance may be given in.
  static var units: [String] { DistanceUnit.allCases.map(\.rawValue) }
  /// The words a delay may be followed by, or end in (`6 s`, `6sec`, `6 seconds`): it is in seconds
  /// anyway, but people say so.
  static let secondWords = ["s", "sec", "secs", "second", "seconds"]

  /// The number as typed.
  var amountText: String
  var amount: Double
  /// The unit after the number: a detector's distance. Nil: the number is a delay in seconds.
  var unit: DistanceUnit?
  /// The words of `at TIME`: one (`02:50`, `-5m`, ISO 8601), or a time ago (`5 min ago`).
  var time: [String]?
  var bearing: String?
  var source: String?
  /// The detector's kind as typed.
  var kind: String?
  var note: String?

  /// Parses `arguments`; `command` words usage errors.
  init(_ arguments: CommandArguments, for command: AddCommand) throws(StormrangeError) {
    guard !arguments.isEmpty else { throw command.usageError("missing SECONDS") }
    amountText = Self.droppingSeconds(arguments[0])
    var next = 1
    if next < arguments.count, let unit = DistanceUnit(word: arguments[next]) {
      self.unit = unit
      next += 1
    } else if amountText == arguments[0], next < arguments.count,
      arguments[next].word(among: Self.secondWords) != nil
    {
      next += 1
    }
    guard let amount = StrictNumber.parse(amountText) else {
      let example =
        unit.map { "number of \($0.rawValue); e.g. add \(Self.example(in: $0)) \($0.rawValue)" }
        ?? "number of seconds; e.g. add 6.5"
      throw .invalidArgument("'\(amountText.escapedForDisplay)' is not a \(example)")
    }
    self.amount = amount
    while next < arguments.count {
      guard let word = arguments[next].word(among: Self.keywords) else {
        throw command.usageError(
          "unexpected argument '\(arguments[next].escapedForDisplay)'" + Self.hint(for: arguments[next]))
      }
      if word == "note" {
        let text = next + 1 < arguments.count ? arguments.text(after: next) : ""
        guard !text.isEmpty else { throw command.usageError("'note' needs some TEXT") }
        note = text
        return
      }
      guard next + 1 < arguments.count else {
        throw command.usageError("'\(word)' needs \(Self.value(of: word))")
      }
      let value = arguments[next + 1]
      // `add 6 km source note x` (an empty variable in a script) must not record a source "note";
      // but `detector` is the default source's own name.
      guard value.word(among: Self.keywords) == nil || (word == "source" && value.isWord("detector")) else {
        throw command.usageError("'\(word)' needs \(Self.value(of: word)), not the keyword '\(value)'")
      }
      switch word {
      case "at":
        guard time == nil else { throw command.usageError("'at' is given twice") }
        let words = Self.timeWords(arguments, from: next + 1)
        time = words
        next += words.count - 1
      case "from": bearing = try Self.once(bearing, value, word, command)
      default:
        guard unit != nil else {
          throw .invalidArgument(
            "'\(word)' is for a detector's range, which has a unit: e.g. add 12 km \(word) as3935; a delay in seconds has none"
          )
        }
        if word == "source" {
          source = try Self.once(source, value, word, command)
        } else {
          kind = try Self.once(kind, value, word, command)
        }
      }
      next += 2
    }
  }

  /// `text` without a seconds word at its end (`6s`, `6SEC`), when what is left is a number.
  private static func droppingSeconds(_ text: String) -> String {
    for word in secondWords.sorted(by: { $0.count > $1.count }) where text.count > word.count {
      let number = String(text.dropLast(word.count))
      if String(text.suffix(word.count)).isWord(word), StrictNumber.parse(number) != nil { return number }
    }
    return text
  }

  /// The words of a TIME starting at `start`: one, or a time ago to its `ago` (`5 min ago`, `5min
  /// ago`), which ``SpokenTime`` reads.
  private static func timeWords(_ arguments: CommandArguments, from start: Int) -> [String] {
    let end = min(arguments.count, start + 3)
    let words = (start..<end).map { arguments[$0] }
    if let ago = words.firstIndex(where: { $0.isWord("ago") }), ago > 0 { return Array(words[...ago]) }
    return [words[0]]
  }

  /// A likely distance to a storm, about 12 km, written in `unit`, for an example.
  private static func example(in unit: DistanceUnit) -> String {
    switch unit {
    case .kilometres: "12"
    case .metres: "12000"
    case .miles: "7.5"
    case .feet: "39000"
    case .nauticalMiles: "6.5"
    }
  }

  /// `value`, unless the keyword was given before.
  private static func once(_ earlier: String?, _ value: String, _ keyword: String, _ command: AddCommand)
    throws(StormrangeError) -> String
  {
    guard earlier == nil else { throw command.usageError("'\(keyword)' is given twice") }
    return value
  }

  /// What a keyword's value is called in messages.
  private static func value(of keyword: String) -> String {
    switch keyword {
    case "at": "a TIME"
    case "from": "a BEARING"
    case "detector": "a KIND (\(DetectorKind.choices))"
    default: "a NAME"
    }
  }

  /// A hint after "unexpected argument": a unit in the wrong place (right after the number it is
  /// taken).
  private static func hint(for word: String) -> String {
    DistanceUnit(word: word) == nil ? "" : " (a unit goes right after the number)"
  }
}
