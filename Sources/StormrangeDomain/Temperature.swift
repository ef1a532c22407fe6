import StormrangeBase

/// An air temperature typed by the user: `20`, `20C`, `-3.5c`, `68F`.
public struct Temperature: Equatable, Sendable {
  public var celsius: Double

  public init(celsius: Double) { self.celsius = celsius }

  /// Parses `VALUE[C|F]`; nil when the text is not such a value or outside plausible air temperatures.
  public init?(parsing text: String) {
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

  /// `20 °C`, `-3.5 °C`.
  public var description: String {
    let rounded = (celsius * 10).rounded() / 10
    return rounded == rounded.rounded() ? "\(Int(rounded)) °C" : "\(FixedPoint.fixed(rounded, digits: 1)) °C"
  }
}
