import StormrangeBase
import StormrangeDomain

/// One command of the shell: its names, its help, completion of its arguments and what it does, side
/// by side, so adding a command means writing one type and listing it in the executable's registry.
package protocol Command {
  var name: String { get }
  var aliases: [String] { get }
  /// One line for `help`.
  var summary: String { get }
  /// The synopsis, e.g. `add SECONDS [at TIME] [note TEXT]`.
  var usage: String { get }
  /// Further lines for `help COMMAND`: arguments, examples.
  /// The rest of `help NAME`. Computed, not stored: every process makes the registry, and help
  /// made from constants (word-wrapped, listed) cost `help` a fifth of its instructions when stored.
  var details: String { get }
  /// Whether the interpreter must load the history before running the command.
  var historyAccess: HistoryAccess { get }
  /// Whether consecutive lines of this command in a batch may be saved with one write (group
  /// commit). Only for commands whose every change goes through `modify` and whose only output is a
  /// confirmation of that change.
  var commitsInGroups: Bool { get }
  /// Candidates for argument `index` (0-based) given the arguments before it.
  func completions(forArgument index: Int, after previous: [String]) -> [String]
  /// The argument where the command's PATH starts in `arguments` (see
  /// ``CommandArguments/path(from:)``), or nil when they have none. A one-shot command may have bytes
  /// that are not UTF-8 there, and only there.
  func pathArgument(in arguments: CommandArguments) -> Int?
  /// Whether a one-shot command's `arguments`, not all UTF-8, may run: by default when the bytes
  /// that are not are in its PATH (``pathArgument(in:)``); a command with paths among other values
  /// (`mqtt`) checks them itself, from ``CommandArguments/shellArgumentBytes``.
  func takesBytes(in arguments: CommandArguments) -> Bool
  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome
}

extension Command {
  package var aliases: [String] { [] }
  package var details: String { "" }
  package var historyAccess: HistoryAccess { .none }
  package var commitsInGroups: Bool { false }
  package func completions(forArgument index: Int, after previous: [String]) -> [String] { [] }
  package func pathArgument(in arguments: CommandArguments) -> Int? { nil }
  package func takesBytes(in arguments: CommandArguments) -> Bool {
    guard let path = pathArgument(in: arguments) else { return false }
    return arguments.isText(before: path)
  }

  /// The usage error for this command.
  package func usageError(_ problem: String) -> StormrangeError {
    .usage(command: name, usage: usage, problem: problem)
  }

  /// The optional `[N]` of `show N`, `plot N`: nil when absent, else a positive whole number.
  func optionalCount(_ arguments: CommandArguments) throws(StormrangeError) -> Int? {
    try expectArguments(arguments, atMost: 1)
    guard !arguments.isEmpty else { return nil }
    return try count(arguments[0])
  }

  /// The optional `[BEARING]` of `flash` and `thunder`.
  func optionalBearing(_ arguments: CommandArguments) throws(StormrangeError) -> Bearing? {
    try expectArguments(arguments, atMost: 1)
    guard !arguments.isEmpty else { return nil }
    return try StormrangeError.wrapping { () throws(MeasurementError) in
      try MeasurementRules.bearing(arguments[0])
    }
  }

  /// The `N` of `show N`, `plot N`: a positive whole number.
  func count(_ word: String) throws(StormrangeError) -> Int {
    guard let count = Int(word), count > 0 else {
      throw .invalidArgument("'\(word.escapedForDisplay)' is not a positive whole number; e.g. \(name) 20")
    }
    return count
  }

  /// The flags among `arguments` (`--json`, `--exit-code`), each one of `allowed` and given at most
  /// once; any other word is a usage error naming it.
  func flags(_ arguments: CommandArguments, allowed: Set<String>) throws(StormrangeError) -> Set<String> {
    var given: Set<String> = []
    for word in arguments.all {
      guard allowed.contains(word), given.insert(word).inserted else {
        throw usageError("unexpected argument '\(word.escapedForDisplay)'")
      }
    }
    return given
  }

  /// Fails when there are more than `count` arguments, naming the first extra one.
  func expectArguments(_ arguments: CommandArguments, atMost count: Int) throws(StormrangeError) {
    if arguments.count > count {
      let extra = arguments[count]
      throw usageError("unexpected argument '\(extra.escapedForDisplay)'")
    }
  }
}
