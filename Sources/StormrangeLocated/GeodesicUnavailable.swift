/// PROJ's geodesic library could not be loaded: located strikes cannot be measured.
package struct GeodesicUnavailable: Error, Equatable, Sendable {
  /// The file name tried first.
  package let library: String
  /// dlerror's text, or the function the library lacks.
  package let reason: String

  /// One line for people: what failed, why, and what to install.
  package var message: String {
    "located strikes need PROJ's geodesic library, \(library), which could not be loaded (\(reason)); "
      + "install it (Debian: apt install libproj25) and try again"
  }
}
