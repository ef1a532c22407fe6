import StormrangeBase

/// An air temperature typed by the user: `20`, `20C`, `-3.5c`, `68F`.
package struct Temperature: Equatable, Sendable {
  package var celsius: Double

  package init(celsius: Double) { self.celsius = celsius }

  /// Parses `VALUE[C|F]`; nil when the text is not such a value or outside plausible air temperatures.
  package init?(parsing text: String) {
    var number = Substring(text)
    var isFahrenheit = false
    if let last = number.last, "cCfF".contains(last) {
      isFahrenheit = last == "f" || last == "F"
      number = number.dropLast()
      if number.hasSuffix("°") { number = number.dropLast() }
    }
    guard let value = StrictNumber.parse(number) else { return nil }
    let celsius = isFahrenheit ? (value - 32) * 5 / 9 : value
    guard SpeedOfSound.plausibleCelsius.contains(celsius) else { return nil }
    self.celsius = celsius
  }

  /// `20 °C`, `-3.5 °C`; for any value, also one no air has (`1e+19 °C`, `inf °C`), which a
  /// message about a bad file may have to show.
  package var description: String {
    // Past 1e15 no tenth is left to round to, and ten times the value may not be finite.
    guard abs(celsius) < 1e15 else { return "\(celsius.messageText) °C" }
    let rounded = (celsius * 10).rounded() / 10
    return rounded == rounded.rounded()
      ? "\(rounded.messageText) °C" : "\(FixedPoint.fixed(rounded, digits: 1)) °C"
  }
}
