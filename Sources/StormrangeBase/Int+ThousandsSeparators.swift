extension Int {
  /// The number with a comma between groups of three digits, as messages give exact sizes in bytes:
  /// `4,194,304`.
  public var withThousandsSeparators: String {
    let digits = String(magnitude)
    var grouped = ""
    for (position, digit) in digits.enumerated() {
      if position > 0, (digits.count - position) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return self < 0 ? "-" + grouped : grouped
  }
}
