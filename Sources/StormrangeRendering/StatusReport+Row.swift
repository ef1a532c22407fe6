extension StatusReport {
  /// One row of the `status` block: a label (empty on a row that goes on with the one above) and
  /// its value, which is painted as `role` says when there is one.
  struct Row {
    /// What a row tells, so that a screen short of rows can choose which to show.
    enum Field: Equatable, CaseIterable {
      /// `cells` is the row that says which cell leads and how many others there are;
      /// `otherCells`, the line for each of them under it.
      case latest, storm, ranges, trend, chance, motion, closest, cells, otherCells, advice, allClear,
        ahead
    }

    /// Columns before the values: the longest label, `all clear`, and two spaces.
    static let labelWidth = 11

    let field: Field
    let label: String
    let value: String
    let role: Palette.Role?
    /// The value when the rows that go on from this one are not shown (a screen short of rows):
    /// without the colon that introduces them. Nil: the same as ``value``.
    let valueAlone: String?

    init(field: Field, label: String, value: String, role: Palette.Role?, valueAlone: String? = nil) {
      self.field = field
      self.label = label
      self.value = value
      self.role = role
      self.valueAlone = valueAlone
    }

    /// `latest     #7  2.06 km …`: the label padded to the values' column, then the value, unpainted.
    var text: String { label + padding + value }

    /// ``text`` when the rows that go on from this one are not shown.
    var textAlone: String { label + padding + (valueAlone ?? value) }

    /// The blanks between the label and the value's column.
    var padding: String { String(repeating: " ", count: Self.labelWidth - label.count) }
  }
}
