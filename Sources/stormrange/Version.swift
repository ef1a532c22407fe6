/// The program's version, said once: `--version` and the prompt's greeting both use it.
enum Version {
  /// `1.3.0`
  static let number = "1.3.0"
  /// `stormrange 1.3.0`
  static let text = "stormrange \(number)"
  /// `stormrange 1.3.0: time thunder to find the storm.`
  static let banner = "\(text): time thunder to find the storm."
}
