extension CommandArguments {
  /// Argument `index` and the rest of the line, exactly as typed, as a file path that may contain
  /// spaces (`import storms  july.csv`); trailing blanks are dropped.
  func path(from index: Int) -> String {
    var path = text(from: index)
    while path.last == " " || path.last == "\t" { path.removeLast() }
    return path
  }
}
