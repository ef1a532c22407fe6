extension Double {
  /// The number as a message about a stored value shows it: a whole number without a fraction
  /// (`-5`, `11000`), any other as Swift prints it (`300.001`, `1e+300`, `inf`).
  package var messageText: String {
    self == rounded() && Swift.abs(self) < 1e15 ? String(Int64(self)) : description
  }
}
