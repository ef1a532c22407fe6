/// The manual page, `stormrange(1)`, in mdoc: the process's flags as the executable describes them,
/// and every command of a registry with its usage, summary, aliases and details, so the page
/// cannot fall behind `help`.
///
/// argument-parser's own manual generator knows only the flags; the commands could reach it only
/// through the root command's discussion, which would also flood `--help` and be set as running
/// text. So the page is written here, from the same registry `help` and completion read.
package struct ManualPage {
  /// One flag (or the positional command) of the executable, as argument-parser lists it.
  package struct Argument: Sendable, Equatable {
    /// Spelled as typed, e.g. `-h` and `--help`; none for a positional argument.
    package let names: [String]
    /// The value's name, e.g. `path`, for an option or a positional argument.
    package let value: String?
    package let help: String
    package let repeats: Bool

    package init(names: [String], value: String?, help: String, repeats: Bool = false) {
      self.names = names
      self.value = value
      self.help = help
      self.repeats = repeats
    }
  }

  package let name: String
  /// One line for NAME, e.g. `Time thunder to find how far away a storm is, and keep the history.`
  package let abstract: String
  /// The usage line after the program's name, e.g. `[--file <path>] [COMMAND ...]`.
  package let synopsis: String
  /// Paragraphs separated by blank lines.
  package let discussion: String
  package let arguments: [Argument]
  package let registry: CommandRegistry
  /// Shown in the page's footer, e.g. `stormrange 1.0.0`.
  package let version: String
  /// The page's date.
  package let date: (year: Int, month: Int, day: Int)

  package init(
    name: String, abstract: String, synopsis: String, discussion: String, arguments: [Argument],
    registry: CommandRegistry, version: String, date: (year: Int, month: Int, day: Int)
  ) {
    self.name = name
    self.abstract = abstract
    self.synopsis = synopsis
    self.discussion = discussion
    self.arguments = arguments
    self.registry = registry
    self.version = version
    self.date = date
  }

  /// The page's source, for `man -l` or `DIR/share/man/man1`.
  package func render() -> String {
    var lines = [
      ".Dd \(Self.months[max(0, min(11, date.month - 1))]) \(date.day), \(date.year)",
      ".Dt \(name.uppercased()) 1",
      ".Os \(Self.quoted(version))",
      ".Sh NAME",
      ".Nm \(name)",
      ".Nd \(Self.escaped(Self.withoutFinalPeriod(abstract)))",
      ".Sh SYNOPSIS",
      ".Nm",
      Self.textLine(synopsis),
      ".Sh DESCRIPTION",
    ]
    lines += Self.paragraphs(discussion)
    lines += [".Sh OPTIONS", ".Bl -tag -width Ds"]
    for argument in arguments {
      lines += [".It " + Self.tag(argument), Self.textLine(argument.help)]
    }
    lines += [".El", ".Sh COMMANDS"]
    lines.append(
      Self.textLine(
        "Each command can be given after the flags, read from standard input one per line, or typed at the prompt. 'help COMMAND' shows one of them."
      ))
    lines.append(".Bl -tag -width Ds")
    for command in registry.commands + [registry.emptyLine] {
      lines += describe(command)
    }
    lines.append(".El")
    return lines.joined(separator: "\n") + "\n"
  }

  private func describe(_ command: any Command) -> [String] {
    var lines = [".It Sy " + Self.quoted(command.usage), Self.textLine(Self.sentence(command.summary))]
    if !command.aliases.isEmpty {
      lines.append(Self.textLine("Also: " + command.aliases.joined(separator: ", ") + "."))
    }
    if !command.details.isEmpty {
      lines.append(".Bd -literal")
      lines += command.details.split(separator: "\n", omittingEmptySubsequences: false).map {
        Self.textLine(String($0))
      }
      lines.append(".Ed")
    }
    return lines
  }

  /// `Fl -file Ar path`, `Fl h , Fl -help`, `Ar command ...`.
  private static func tag(_ argument: Argument) -> String {
    var words = argument.names.map { "Fl " + escaped(String($0.dropFirst())) }.joined(separator: " , ")
    if let value = argument.value {
      words += (words.isEmpty ? "" : " ") + "Ar " + quoted(value)
    }
    if argument.repeats { words += " ..." }
    return words
  }

  private static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]

  /// Paragraphs of running text, each line a text line, `.Pp` between paragraphs.
  private static func paragraphs(_ text: String) -> [String] {
    var lines: [String] = []
    var inParagraph = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy({ $0 == " " }) {
        inParagraph = false
        continue
      }
      if !inParagraph, !lines.isEmpty { lines.append(".Pp") }
      inParagraph = true
      lines.append(textLine(String(line)))
    }
    return lines
  }

  /// A line of text, never read as a request: one starting with `.` or `'` is guarded by `\&`.
  static func textLine(_ text: String) -> String {
    let text = escaped(text)
    return text.hasPrefix(".") || text.hasPrefix("'") || text.isEmpty ? "\\&" + text : text
  }

  /// One macro argument, whatever it holds: quoted, so `|` or `[` are not taken as delimiters.
  static func quoted(_ text: String) -> String {
    "\"" + escaped(text).replacingAll("\"", with: "\\(dq") + "\""
  }

  /// The backslash is roff's escape character; `\e` prints one.
  static func escaped(_ text: String) -> String { text.replacingAll("\\", with: "\\e") }

  private static func withoutFinalPeriod(_ text: String) -> String {
    text.hasSuffix(".") ? String(text.dropLast()) : text
  }

  /// `list the commands` → `List the commands.`
  private static func sentence(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
  }
}

extension String {
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
