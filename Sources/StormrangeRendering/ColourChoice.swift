/// The `--color` flag: whether stormrange's text may be coloured.
package enum ColourChoice: String, CaseIterable, Sendable {
  /// Colour where the stream is a terminal, unless `NO_COLOR` is set to a non-empty value.
  case auto
  /// Colour whatever the stream is and whatever `NO_COLOR` says (`less -R`, a screenshot).
  case always
  /// Never colour.
  case never
}
