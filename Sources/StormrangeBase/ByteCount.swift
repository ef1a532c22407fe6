/// A size in bytes as messages give it: exact, with its digits grouped in threes
/// (`256,000,001 bytes`), so that a size just over a limit never reads as equal to it, as a
/// rounded `256 MB` would.
package enum ByteCount {
  /// `256,000,001 bytes`, `1 byte`.
  package static func text(_ count: some BinaryInteger) -> String {
    "\(grouped(count)) byte\(count == 1 ? "" : "s")"
  }

  /// `256,000,001`: the decimal digits, grouped in threes by commas.
  package static func grouped(_ value: some BinaryInteger) -> String {
    let digits = String(value.magnitude)
    var result = value < 0 ? "-" : ""
    for (position, digit) in digits.enumerated() {
      if position > 0, (digits.count - position) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return result
  }
}
