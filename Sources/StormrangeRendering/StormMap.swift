import StormrangeBase
import StormrangeDomain

#if canImport(Glibc)
  import Glibc
#endif

/// A map of the storm around the observer for an 80×24 terminal (19 rows, the legend at their
/// right): north up, the observer at the centre, range rings labelled in the chosen unit, each measurement with a bearing at its position
/// marked by its age, and the fitted track with an arrowhead for its direction and a mark at the
/// closest approach.
///
/// A character cell is about twice as tall as it is wide, so a row spans twice the distance a column
/// does and circles come out round. Unicode uses `·` for rings, `●◉○` for ages, `─│╱╲` and `▲▶▼◀`
/// for the track and `✕` for the closest point; ASCII uses `.`, `@Oo`, `-|/\`, `^>v<` and `X`.
package struct StormMap {
  /// A position east and north of the observer, in metres.
  package struct Position: Equatable {
    var east: Double
    var north: Double

    package init(east: Double, north: Double) {
      self.east = east
      self.north = north
    }
  }

  /// A measurement on the map: where, and how many seconds before now.
  package struct Mark {
    var position: Position
    var age: Double

    package init(position: Position, age: Double) {
      self.position = position
      self.age = age
    }
  }

  /// A cell of the storm, when it has several: a letter at its latest place, named in the legend
  /// with its number, the leading one said so.
  package struct CellLabel {
    var position: Position
    var number: Int
    var isLeading: Bool

    package init(position: Position, number: Int, isLeading: Bool) {
      self.position = position
      self.number = number
      self.isLeading = isLeading
    }
  }

  /// Map rows; the plot spans ``radiusRows`` rows and twice as many columns on each side.
  static let radiusRows = 9
  package static var size: Int { 2 * radiusRows + 1 }
  static var widthColumns: Int { 4 * radiusRows + 1 }
  /// Ages up to these many seconds get the first and second mark; older ones the third.
  static let ageBands: [Double] = [5 * 60, 15 * 60]

  let marks: [Mark]
  /// The fitted track as a line from its first point to its last, in the direction of motion.
  let track: (from: Position, to: Position)?
  package let closest: Position?
  package let unit: DistanceUnit
  package let repertoire: CharacterRepertoire
  /// The cells, lettered A, B, … in this order; none for a storm of one cell.
  package let cells: [CellLabel]

  package init(
    marks: [Mark], track: (from: Position, to: Position)?, closest: Position?, unit: DistanceUnit,
    repertoire: CharacterRepertoire, cells: [CellLabel] = []
  ) {
    self.cells = cells
    self.marks = marks
    self.track = track
    self.closest = closest
    self.unit = unit
    self.repertoire = repertoire
  }

  private var glyphs: (ring: Character, observer: Character, ages: [Character], closest: Character) {
    repertoire == .unicode ? ("·", "+", ["●", "◉", "○"], "✕") : (".", "+", ["@", "O", "o"], "X")
  }

  /// The letters cells are drawn with: as many as the legend has rows for.
  package static let letters: [Character] = ["A", "B", "C", "D", "E", "F", "G", "H", "I"]

  /// The map's rows followed by its legend, one string per line, each under 80 columns.
  package func render() -> [String] {
    let rings = ringRadii()
    let radius = rings.last!
    let rowMetres = radius / Double(Self.radiusRows)
    let columnMetres = rowMetres / 2
    var grid = [[Character]](repeating: Array(repeating: " ", count: Self.widthColumns), count: Self.size)
    let centre = (row: Self.radiusRows, column: 2 * Self.radiusRows)

    func cell(_ position: Position) -> (row: Int, column: Int)? {
      let row = centre.row - Int((position.north / rowMetres).rounded())
      let column = centre.column + Int((position.east / columnMetres).rounded())
      guard (0..<Self.size).contains(row), (0..<Self.widthColumns).contains(column) else { return nil }
      return (row, column)
    }
    func put(_ character: Character, at position: Position) {
      if let (row, column) = cell(position) { grid[row][column] = character }
    }

    for ring in rings {
      for step in 0..<360 {
        let angle = Double(step) * .pi / 180
        put(glyphs.ring, at: Position(east: ring * sin(angle), north: ring * cos(angle)))
      }
      // The ring's label on the east axis, just inside it.
      let label = Array(FixedPoint.fixed(ring / unit.metresPerUnit, digits: Self.labelDigits(rings, unit)))
      let end = centre.column + Int((ring / columnMetres).rounded())
      for (offset, character) in label.enumerated() {
        let column = end - label.count + offset
        if column > centre.column { grid[centre.row][column] = character }
      }
    }
    let trackShown = track.map { drawTrack($0, into: &grid, cell: cell) } ?? false
    if let closest { put(glyphs.closest, at: closest) }
    // Oldest first, so the newest mark is on top where two share a cell.
    for mark in marks.sorted(by: { $0.age > $1.age }) {
      let band = Self.ageBands.firstIndex { mark.age < $0 } ?? Self.ageBands.count
      put(glyphs.ages[band], at: mark.position)
    }
    for (letter, label) in zip(Self.letters, cells) { put(letter, at: label.position) }
    grid[centre.row][centre.column] = glyphs.observer

    grid[0][centre.column] = "N"
    // The legend to the right of the map, from its top row.
    let legend = legend(rings: rings, trackShown: trackShown)
    return grid.enumerated().map { index, row in
      var line = String(row)
      if index < legend.count { line += "  " + legend[index] }
      return String(line[..<(line.lastIndex { $0 != " " }.map { line.index(after: $0) } ?? line.startIndex)])
    }
  }

  /// Rings at a round step (1, 2 or 5 × a power of ten in the unit) reaching just past the farthest
  /// thing to show; at least 1 km (or its equivalent) across.
  private func ringRadii() -> [Double] {
    let farthest =
      (marks.map { hypot($0.position.east, $0.position.north) }
      + [closest].compactMap { $0 }.map {
        hypot($0.east, $0.north)
      }).max() ?? 0
    let reach = max(farthest * 1.05, 1000) / unit.metresPerUnit
    var step = pow(10, log10(reach / 3).rounded(.down))
    for factor in [1.0, 2, 5, 10] where reach / (step * factor) <= 3 {
      step *= factor
      break
    }
    let count = max(1, Int((reach / step).rounded(.up)))
    return (1...count).map { Double($0) * step * unit.metresPerUnit }
  }

  /// Decimal places the ring labels need: none for whole numbers.
  private static func labelDigits(_ rings: [Double], _ unit: DistanceUnit) -> Int {
    rings.allSatisfy { ($0 / unit.metresPerUnit).rounded() == $0 / unit.metresPerUnit } ? 0 : 1
  }

  /// The track as line characters, with an arrowhead at its end; false when none of it is on the
  /// map.
  private func drawTrack(
    _ track: (from: Position, to: Position), into grid: inout [[Character]],
    cell: (Position) -> (row: Int, column: Int)?
  ) -> Bool {
    let east = track.to.east - track.from.east
    let north = track.to.north - track.from.north
    // Slope as seen on screen (rows are twice as tall as columns are wide).
    let angle = atan2(north, east) * 180 / .pi
    let unicode = repertoire == .unicode
    let line: Character
    switch abs(angle) {
    case ..<22.5, 157.5...: line = unicode ? "─" : "-"
    case 67.5..<112.5: line = unicode ? "│" : "|"
    default: line = (angle > 0) == (abs(angle) < 90) ? (unicode ? "╱" : "/") : (unicode ? "╲" : "\\")
    }
    let steps = 400
    var last: (row: Int, column: Int)?
    for step in 0...steps {
      let fraction = Double(step) / Double(steps)
      let point = Position(
        east: track.from.east + east * fraction, north: track.from.north + north * fraction)
      guard let position = cell(point) else { continue }
      grid[position.row][position.column] = line
      last = position
    }
    if let last {
      let heads: [Character] = unicode ? ["▶", "▲", "◀", "▼"] : [">", "^", "<", "v"]
      let quadrant = Int(((angle + 360 + 45).truncatingRemainder(dividingBy: 360)) / 90)
      grid[last.row][last.column] = heads[quadrant % 4]
    }
    return last != nil
  }

  private func legend(rings: [Double], trackShown: Bool) -> [String] {
    let ages = glyphs.ages
    let minutes = Self.ageBands.map { Int($0 / 60) }
    let step = FixedPoint.fixed(rings[0] / unit.metresPerUnit, digits: Self.labelDigits(rings, unit))
    var lines = [
      "\(glyphs.observer)  you", "\(ages[0])  under \(minutes[0]) min ago",
      "\(ages[1])  \(minutes[0])–\(minutes[1]) min ago",
      "\(ages[2])  older", "rings every \(step) \(unit.rawValue)",
    ]
    if trackShown {
      let (line, head) = repertoire == .unicode ? ("─", "▶") : ("-", ">")
      lines += [
        "\(line)\(head) fitted track\(cells.isEmpty ? "" : " of the")",
        cells.isEmpty ? "   toward its heading" : "   leading cell, ahead",
        "\(glyphs.closest)  closest approach",
      ]
    }
    for (letter, label) in zip(Self.letters, cells) {
      lines.append("\(letter)  cell \(label.number)\(label.isLeading ? ", leading" : "")")
    }
    return lines
  }
}
