extension StringProtocol {
  /// A file path as it is safe to show in a message: control characters spelled out as in
  /// ``escapedForDisplay``, but never shortened, since a path cut short names another file.
  var escapedAsPath: String {
    var result = ""
    for scalar in unicodeScalars {
      if scalar.properties.generalCategory == .control {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
