extension MeasurementRules {
  /// Which characters a note may hold, and how many.
  package enum Notes: Equatable, Sendable {
    /// One line of printable text, at most ``MeasurementRules/maximumNoteLength`` characters: no
    /// control character at all (C0, DEL, C1), nor U+FFFE or U+FFFF, which are not characters.
    case printableLine
    /// Any text the history file can store, of any length: line breaks, tabs, DEL and C1 controls
    /// included; not the other C0 controls, U+FFFE or U+FFFF. The reason is the file: XML 1.0, which
    /// the history is written in, cannot hold those characters, and what cannot be saved must not
    /// be accepted (nor loaded from a binary file, which could hold them).
    case storable
  }

  /// Checks a note against ``notes``.
  package func checkNote(_ note: String) throws(MeasurementError) {
    switch notes {
    case .printableLine:
      if let control = note.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
        throw .noteControlCharacter(control)
      }
      if let bad = note.unicodeScalars.first(where: Self.isNonCharacter) { throw .noteNonCharacter(bad) }
      let length = note.count
      guard length <= Self.maximumNoteLength else { throw .noteTooLong(length: length) }
    case .storable:
      if let bad = Self.unstorableCharacter(in: note) { throw .noteUnstorable(bad) }
    }
  }

  /// The first character of `text` a ``Notes/storable`` note may not hold, or nil.
  static func unstorableCharacter(in text: String) -> Unicode.Scalar? {
    // Loading checks every note: a look at the bytes first (a C0 control is below 0x20, U+FFFE and
    // U+FFFF start with 0xEF) spares the walk over scalars, five times slower, for almost all of them.
    var text = text
    guard text.withUTF8({ bytes in bytes.contains { $0 < 0x20 || $0 == 0xEF } }) else { return nil }
    return text.unicodeScalars.first { scalar in
      (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || isNonCharacter(scalar)
    }
  }

  /// U+FFFE and U+FFFF, which are not characters.
  private static func isNonCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0xFFFE || scalar.value == 0xFFFF
  }
}
