extension CommandArguments {
  /// Argument `index` and the rest of the line, as a file path that may contain spaces
  /// (`import storms july.csv`); trailing blanks are dropped. A run of blanks right after argument
  /// `index` counts as one space, since the words were split there.
  func path(from index: Int) -> String {
    var path = self[index]
    if index + 1 < count { path += " " + text(after: index) }
    while path.last == " " || path.last == "\t" { path.removeLast() }
    return path
  }
}
