extension StatusReport {
  /// One row of the `status` block: a label (empty on a row that goes on with the one above) and
  /// its value, which is painted as `role` says when there is one.
  struct Row {
    /// What a row tells, so that a screen short of rows can choose which to show.
    enum Field: Equatable, CaseIterable {
      case latest, storm, ranges, trend, chance, motion, closest, cells, advice, allClear, ahead
    }

    /// Columns before the values: the longest label, `all clear`, and two spaces.
    static let labelWidth = 11

    let field: Field
    let label: String
    let value: String
    let role: Palette.Role?

    /// `latest     #7  2.06 km …`: the label padded to the values' column, then the value, unpainted.
    var text: String { label + padding + value }

    /// The blanks between the label and the value's column.
    var padding: String { String(repeating: " ", count: Self.labelWidth - label.count) }
  }
}
