extension String {
  /// The text without leading and trailing spaces and tabs.
  package var trimmingBlanks: String {
    String(
      drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
  }
}
