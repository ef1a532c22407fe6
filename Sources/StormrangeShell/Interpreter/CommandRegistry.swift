import StormrangeBase

/// Every command the shell knows, in the order `help` lists them, and what an empty line does.
package struct CommandRegistry {
  package let commands: [any Command]
  /// Runs for a line with no words (the Enter key at the prompt); not listed, never completed.
  let emptyLine: any Command

  package init(commands: [any Command], emptyLine: any Command = EnterCommand()) {
    self.commands = commands
    self.emptyLine = emptyLine
  }

  /// `commands`, in the order `help` lists them, then `help` (listing them all) and `quit`: the
  /// executable lists stormrange's, as argument-parser's `subcommands:` does, and a test the ones it
  /// needs.
  package static func listing(_ commands: [any Command]) -> CommandRegistry {
    func all() -> [any Command] { commands + [HelpCommand(commands: all), QuitCommand()] }
    return CommandRegistry(commands: all())
  }

  /// The command called `name` (or one of its aliases).
  package func command(named name: some StringProtocol) -> (any Command)? {
    commands.first { $0.name == name || $0.aliases.contains(String(name)) }
  }

  /// Every name and alias.
  package var names: [String] { commands.flatMap { [$0.name] + $0.aliases } }

  /// Completions for `word`, the word being typed after the command's words `previous` (none: it is
  /// the command's name), sorted: command names, then each command's fixed arguments (units, setting
  /// names). The prompt and the shells' completion scripts both ask here.
  package func completions(after previous: [String], typing word: String) -> [String] {
    let candidates: [String]
    if previous.isEmpty {
      candidates = names
    } else if let command = command(named: previous[0]) {
      candidates = command.completions(forArgument: previous.count - 1, after: Array(previous.dropFirst()))
    } else {
      candidates = []
    }
    let exact = candidates.filter { $0.hasPrefix(word) }
    // `ne` completes to `NE`, `MI` to `mi`: fixed words are typed in any case, and completed in
    // their own spelling.
    let matches =
      exact.isEmpty ? candidates.filter { $0.asciiLowercased.hasPrefix(word.asciiLowercased) } : exact
    return matches.sorted()
  }

  /// The known names a mistyped `word` most likely meant: a unique prefix match, else every name at
  /// the smallest edit distance within 2 (or a third of the word), in the order `help` lists them.
  /// All of them, not one: `stauts` is as near to `status` as to `stats`, and a worried person
  /// typing `status` must not be sent to `stats` alone.
  static func closest(to word: String, among commands: [any Command]) -> [String] {
    let names = commands.flatMap { [$0.name] + $0.aliases }
    let lowered = word.lowercased()
    if names.contains(lowered) { return [lowered] }
    let prefixed = names.filter { $0.hasPrefix(lowered) }
    if !lowered.isEmpty, prefixed.count == 1 { return prefixed }
    let limit = max(2, lowered.count / 3)
    let scored = names.map { ($0, editDistance(lowered, $0)) }.filter { $0.1 <= limit }
    guard let nearest = scored.map(\.1).min() else { return [] }
    return scored.filter { $0.1 == nearest }.map(\.0)
  }

  /// The optimal string alignment distance (Levenshtein's, with a swap of two neighbouring letters
  /// counting as one edit, as in `stauts`: the commonest typing slip), giving up early on long words
  /// (nothing is close to a megabyte line).
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars.prefix(64))
    let b = Array(b.unicodeScalars)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    // Rows i - 2, i - 1 and i of the table.
    var earlier = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], earlier[j - 2] + 1)
        }
      }
      (earlier, previous) = (previous, current)
    }
    return previous[b.count]
  }
}
