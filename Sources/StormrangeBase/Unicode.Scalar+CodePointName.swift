extension Unicode.Scalar {
  /// `U+000A`, `U+1F329`: how messages name a character that cannot be shown or stored.
  package var codePointName: String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
