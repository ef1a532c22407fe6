import ArgumentParser

/// Pre-parses the arguments to find where the command starts: the first argument that
/// argument-parser does not take as one of the ``ProcessFlags`` or as a flag's value.
/// `.captureForPassthrough` stops at that argument and captures it and all after it, so the number
/// captured tells where it is.
///
/// This parse alone is not enough: `.captureForPassthrough` captures `--help`, `--version` and unknown
/// flags as the command instead of acting on them, and before any parse argument-parser reads every
/// argument as a possible flag, so it would refuse a note such as `---` and act on a
/// `--generate-completion-script` that is part of the command. So when the flags end with one of
/// those, the executable's command parses again, with `--` before the command: behind it words are only
/// values.
package struct ArgumentPreParser: ParsableArguments {
  @OptionGroup var flags: ProcessFlags

  @Argument(parsing: .captureForPassthrough)
  var words: [String] = []

  package init() {}

  package enum Outcome {
    /// The flags, and the command's words (none: no command).
    case command(ProcessFlags, words: [String])
    /// Arguments for the executable's command to parse, with `--` where the command starts, so that
    /// argument-parser acts on its own flags (`--help`) or reports a wrong one in its own words.
    case parseAgain([String])
  }

  /// Reads the flags at the start of `arguments`. A flag argument-parser acts on or refuses itself
  /// (`--help`, one we do not have) does not end the flags, any more than it does for the parse that
  /// acts on it. If the flags are wrong (`--file` without a path), the arguments are to be parsed
  /// again as they are, which reports it.
  package static func find(in arguments: [String]) -> Outcome {
    // argument-parser's custom completion (`---completion -- positional@0 …`): the shells' scripts
    // call it, and it must reach argument-parser untouched, before anything opens the history.
    if arguments.first == "---completion" { return .parseAgain(arguments) }
    var flagsEnd = 0
    while flagsEnd < arguments.count {
      guard let (start, found) = commandStart(in: arguments, from: flagsEnd) else {
        return .parseAgain(arguments)
      }
      if flagsEnd == 0, let flags = found?.flags, start == arguments.count || !isFlag(arguments[start]) {
        return .command(flags, words: Array(arguments[start...]))
      }
      // No command, or a `--` already where it starts: nothing to mark.
      guard start < arguments.count, arguments[start] != "--" else { return .parseAgain(arguments) }
      // The completion flag's shell follows it, and argument-parser reads both before anything else.
      if isCompletionFlag(arguments[start]) { return .parseAgain(arguments) }
      guard isFlag(arguments[start]) else {
        return .parseAgain(Array(arguments[..<start]) + ["--"] + arguments[start...])
      }
      flagsEnd = start + 1
    }
    return .parseAgain(arguments)
  }

  /// Where argument-parser stops reading flags in `arguments[index...]`, with what it read: at once at
  /// a word that is not a flag (so that case costs no parse, which would be about 0.15 ms), else
  /// where `.captureForPassthrough` starts capturing. Nil if the flags are wrong.
  private static func commandStart(in arguments: [String], from index: Int) -> (Int, ArgumentPreParser?)? {
    guard isFlag(arguments[index]) else { return (index, nil) }
    guard let found = try? parse(arguments[index...].map(hidingBuiltIns)) else { return nil }
    return (arguments.count - found.words.count, found)
  }

  /// Like the shell, a word that starts with `-` is a flag, except `-` alone.
  static func isFlag(_ argument: String) -> Bool { argument.hasPrefix("-") && argument != "-" }

  /// argument-parser's `--generate-completion-script [shell]`, which it looks for before parsing.
  static func isCompletionFlag(_ argument: String) -> Bool {
    argument == "--generate-completion-script" || argument.hasPrefix("--generate-completion-script=")
  }

  /// What this parse reads in place of an argument that argument-parser acts on before parsing (the
  /// completion-script flag) or refuses before parsing (`---…`, `-=…`): a flag we do not have, which
  /// ends the flags like any other.
  private static func hidingBuiltIns(_ argument: String) -> String {
    let actedOnEarly = isCompletionFlag(argument) || argument.hasPrefix("---") || argument.hasPrefix("-=")
    return actedOnEarly ? "--unknown-flag" : argument
  }
}
