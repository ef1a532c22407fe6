/// The program's version, said once: `--version` and the prompt's greeting both use it.
enum Version {
  /// `stormrange 1.2.0`
  static let text = "stormrange 1.2.0"
  /// `stormrange 1.2.0: time thunder to find the storm.`
  static let banner = "\(text): time thunder to find the storm."
}
