/// Columns of text aligned under their headings: text columns to the left, numbers to the right.
package struct TextTable {
  package enum Alignment {
    case left
    case right
  }

  let columns: [(heading: String, alignment: Alignment)]
  private(set) var rows: [[String]] = []

  package init(_ columns: [(heading: String, alignment: Alignment)]) { self.columns = columns }

  package mutating func append(_ row: [String]) { rows.append(row) }

  /// The heading line (painted as a heading, after the widths are counted) and the rows, each ending
  /// in a newline, two spaces between columns, no trailing blanks.
  package func render(palette: Palette = .plain) -> String {
    let widths = columns.indices.map { column in
      ([columns[column].heading] + rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    var text = ""
    for (number, row) in ([columns.map(\.heading)] + rows).enumerated() {
      var line = ""
      for (column, cell) in row.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        if column > 0 { line += "  " }
        line += columns[column].alignment == .left ? cell + padding : padding + cell
      }
      while line.last == " " { line.removeLast() }
      text += (number == 0 ? palette.paint(line, as: .heading) : line) + "\n"
    }
    return text
  }
}
