/// A command line split into words at spaces and tabs, keeping the raw text so a command can take
/// "the rest of the line" (a note, a path) exactly as typed.
///
/// The line is split on Unicode scalars, not on `Character`s: a combining mark after a space
/// (`note ́`) forms one grapheme cluster with the space, so splitting by `Character` would not see
/// that space at all and would fuse `note` with what follows it.
package struct CommandArguments: Sendable {
  /// The command name as typed.
  package let commandName: Substring
  private let words: [Substring]
  let line: String
  /// For a one-shot command, where each argument the shell passed starts in `line`; nil for a line
  /// read from input.
  let argumentStarts: [String.Index]?
  /// For a one-shot command whose arguments are not all UTF-8, their bytes (see
  /// ``InputLine/argumentBytes``), and how many of them, from the start, are UTF-8: up to there the
  /// line's text has the same bytes.
  let argumentBytes: (bytes: [UInt8], validPrefix: Int)?
  /// With ``argumentBytes``, where each argument starts in them (``InputLine/argumentByteOffsets``).
  let argumentByteOffsets: [Int]?

  /// Splits `line`; nil for a line with no words. `argumentOffsets`, `argumentBytes`,
  /// `argumentByteOffsets`: see ``InputLine/argumentOffsets``, ``InputLine/argumentBytes`` and
  /// ``InputLine/argumentByteOffsets``.
  package init?(
    _ line: String, argumentOffsets: [Int]? = nil, argumentBytes: [UInt8]? = nil,
    argumentByteOffsets: [Int]? = nil
  ) {
    let all = Self.words(of: line)
    guard let first = all.first else { return nil }
    commandName = first
    words = Array(all.dropFirst())
    self.line = line
    argumentStarts = argumentOffsets?.map { line.utf8.index(line.utf8.startIndex, offsetBy: $0) }
    self.argumentBytes = argumentBytes.map { ($0, Self.validPrefixLength(of: $0)) }
    self.argumentByteOffsets = argumentBytes == nil ? nil : argumentByteOffsets
  }

  private init() {
    commandName = ""
    words = []
    line = ""
    argumentStarts = nil
    argumentBytes = nil
    argumentByteOffsets = nil
  }

  /// The arguments of an empty line: no command name, no words.
  package static let none = CommandArguments()

  /// The words of `text`, split at spaces and tabs (Unicode scalars, see the type's comment).
  package static func words(of text: String) -> [Substring] {
    text.unicodeScalars.split(whereSeparator: isBlank).map { Substring($0) }
  }

  private static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

  package var count: Int { words.count }
  package var isEmpty: Bool { words.isEmpty }
  package subscript(index: Int) -> String { String(words[index]) }
  package var all: [String] { words.map(String.init) }

  /// In a one-shot command, the arguments after the command name, each exactly as the shell passed
  /// it, blanks inside it kept: one value each (`--username 'John Smith'`); nil for a line read
  /// from input, which is split into words.
  var shellArguments: [String]? {
    guard let starts = argumentStarts else { return nil }
    return starts.indices.dropFirst().map { index in
      // Each argument ends at the one space that joined it to the next.
      let end = index + 1 < starts.count ? line.utf8.index(before: starts[index + 1]) : line.endIndex
      return String(line.unicodeScalars[starts[index]..<end])
    }
  }

  /// ``shellArguments`` as bytes, exactly as the shell passed them, even bytes that are not UTF-8:
  /// for a command whose values include paths (`mqtt --cafile PATH`), each checked by the command.
  /// Nil for a line read from input.
  package var shellArgumentBytes: [[UInt8]]? {
    guard let (bytes, _) = argumentBytes, let starts = argumentByteOffsets else {
      return shellArguments?.map { Array($0.utf8) }
    }
    return starts.indices.dropFirst().map { index in
      let end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
      return Array(bytes[starts[index]..<end])
    }
  }

  /// Whether the line is a one-shot command's arguments, which the shell has already unquoted.
  var isFromShell: Bool { argumentStarts != nil }

  /// Argument `index`'s word and everything after it, exactly as typed; in a one-shot command, from
  /// the start of the shell's argument the word begins, when only blanks precede it there, so that
  /// `stormrange export csv "  out"` keeps the blanks.
  package func text(from index: Int) -> String {
    // By scalars: a shell's argument may start inside a character (a combining mark after the space).
    String(line.unicodeScalars[start(from: index)...])
  }

  /// Where ``text(from:)`` starts: at argument `index`'s word, or at the start of the shell's
  /// argument it is in when only blanks precede it there.
  func start(from index: Int) -> String.Index {
    let word = words[index].startIndex
    guard let argument = argumentStarts?.last(where: { $0 <= word }),
      line.unicodeScalars[argument..<word].allSatisfy(Self.isBlank)
    else { return word }
    return argument
  }

  /// In a one-shot command, what the shell passed after the first `index` words when it holds no
  /// word: an empty or blank last argument (`stormrange export csv ""`), which splitting the line
  /// into words loses, though the user gave it. Nil when there is none, or when the line was read
  /// from input.
  func blankArgument(after index: Int) -> String? {
    let end = index == 0 ? commandName.endIndex : words[index - 1].endIndex
    guard let start = argumentStarts?.first(where: { $0 > end }) else { return nil }
    return String(line.unicodeScalars[start...])
  }

  /// The text after argument `index`'s word, with the separating blanks removed and trailing blanks
  /// kept: `note  over the lake` → `over the lake`.
  package func text(after index: Int) -> String {
    let rest = line.unicodeScalars[words[index].endIndex...]
    return String(rest.drop(while: Self.isBlank))
  }

  /// The length of the longest start of `bytes` that is UTF-8.
  private static func validPrefixLength(of bytes: [UInt8]) -> Int {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var length = 0
    while case .valid(let encoded) = parser.parseScalar(from: &iterator) { length += encoded.count }
    return length
  }
}
