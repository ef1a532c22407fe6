/// The version, to be written only here: `--version` prints it, and so should the interactive banner.
enum Version {
  /// `stormrange 1.0.0`
  static let text = "stormrange 1.0.0"
}
