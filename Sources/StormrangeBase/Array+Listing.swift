extension Array where Element == String {
  /// The words as prose lists them: `km, m, mi, ft or nmi` (`conjunction` "or"), `unit and
  /// temperature`; one word alone, nothing for none. Help and messages list a rule's choices with it,
  /// from the constants that hold them.
  package func listed(_ conjunction: String) -> String {
    guard let last, count > 1 else { return last ?? "" }
    return dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}
