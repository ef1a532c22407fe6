extension StringProtocol {
  /// The text as it is safe to show inside an error message: control characters (ANSI escapes,
  /// NULs) spelled out as `\u{1B}`, and at most 60 characters, so hostile input can neither
  /// drive the terminal nor flood it.
  public var escapedForDisplay: String {
    var result = ""
    var count = 0
    for scalar in unicodeScalars {
      if count == 60 {
        result += "…"
        break
      }
      if scalar.properties.generalCategory == .control || scalar.value == 0xFFFD {
        result +=
          scalar.value == 0xFFFD ? "\\u{FFFD}" : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return result
  }

  /// A file path as it is safe to show in a message: control characters spelled out as in
  /// ``escapedForDisplay``, but never shortened, since a path cut short names another file.
  public var escapedAsPath: String {
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
