import ArgumentParser
import StormrangeProcess
import StormrangeShell

/// What the shells' completion scripts offer for the command's words: argument-parser's custom
/// completion (`CompletionKind.custom`) calls back `stormrange ---completion …` with the words on
/// the command line, and this answers from the registry, as the prompt's Tab does.
///
/// It runs before anything else is looked at, so it never opens the history or the settings, needs
/// no home folder, and prints nothing but the candidates.
enum CommandCompletion {
  /// `words` starts with the program's name; `index` is the word being completed and `prefix` the
  /// part of it before the cursor.
  @Sendable static func candidates(words: [String], index: Int, prefix: String) -> [String] {
    guard index >= 1, index <= words.count, let before = commandWords(in: Array(words[1..<index])) else {
      return []
    }
    return CommandRegistry.standard().completions(after: before, typing: prefix)
  }

  /// The command's words among `arguments`, the words after the program's name: what follows the
  /// flags, found as the program itself finds it. Nil if the flags are wrong.
  static func commandWords(in arguments: [String]) -> [String]? {
    switch ArgumentPreParser.find(in: arguments) {
    case .command(_, let words): words
    case .parseAgain(let marked): (try? StormrangeCLI.parse(marked))?.command
    }
  }
}
