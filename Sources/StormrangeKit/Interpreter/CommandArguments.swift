/// A command line split into words at spaces and tabs, keeping the raw text so a command can take
/// "the rest of the line" (a note) exactly as typed.
public struct CommandArguments: Sendable {
  /// The command name as typed.
  public let commandName: Substring
  private let words: [Substring]
  private let line: String

  /// Splits `line`; nil for a line with no words.
  public init?(_ line: String) {
    let all = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard let first = all.first else { return nil }
    commandName = first
    words = Array(all.dropFirst())
    self.line = line
  }

  private init() {
    commandName = ""
    words = []
    line = ""
  }

  /// The arguments of an empty line: no command name, no words.
  public static let none = CommandArguments()

  public var count: Int { words.count }
  public var isEmpty: Bool { words.isEmpty }
  public subscript(index: Int) -> String { String(words[index]) }
  public var all: [String] { words.map(String.init) }

  /// Argument `index`'s word and everything after it, exactly as typed.
  public func text(from index: Int) -> String { String(line[words[index].startIndex...]) }

  /// The text after argument `index`'s word, with the separating blanks removed and trailing blanks
  /// kept: `note  over the lake` → `over the lake`.
  public func text(after index: Int) -> String {
    let rest = line[words[index].endIndex...]
    return String(rest.drop(while: { $0 == " " || $0 == "\t" }))
  }
}
