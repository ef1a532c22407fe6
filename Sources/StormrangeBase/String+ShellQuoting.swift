extension StringProtocol {
  /// The path as it must appear in a command a message suggests (`cp PATH PATH.copy`, `import PATH`),
  /// so that pasting the command into a POSIX shell passes the path as one word and runs nothing
  /// else: a path made only of `A–Z a–z 0–9 _ - . / , : @ % +` as it is, any other in single quotes,
  /// each `'` in it written `'\''`. A path starting with `-` gets `./` in front, so no command takes
  /// it for an option. stormrange's own PATH arguments read the same quoting back
  /// (`CommandArguments.path(from:)`), so the suggestion also works typed at the prompt.
  ///
  /// Quote first, then escape for display: a control character shown as `\n` stays inside the quotes.
  ///
  /// By scalars, not characters: a quote followed by a combining mark is one character, and must
  /// still be spelled out.
  package var shellQuotedPath: String {
    let path = unicodeScalars.first == "-" ? "./" + self : String(self)
    if !path.isEmpty, path.unicodeScalars.allSatisfy(\.isSafeInShellWord) { return path }
    var quoted = "'"
    for scalar in path.unicodeScalars {
      quoted.unicodeScalars.append(
        contentsOf: scalar == "'" ? "'\\''".unicodeScalars : String(scalar).unicodeScalars)
    }
    return quoted + "'"
  }
}

extension Unicode.Scalar {
  /// Characters that no POSIX shell (nor zsh or fish) treats specially inside a word, wherever they
  /// stand: `~` and `=` are left out (zsh expands them at the start of a word).
  fileprivate var isSafeInShellWord: Bool {
    switch value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    default: "_-./,:@%+".unicodeScalars.contains(self)
    }
  }
}
