/// Neither `HOME` nor the password database gives a home directory, and a file stormrange keeps
/// would go there (its XDG variable is not set): rather than write under `/`, the program refuses.
package struct NoHomeDirectory: Error, Equatable, Sendable {
  package init() {}

  package var message: String {
    "cannot tell where to keep the history and settings: HOME is not set and the password database "
      + "has no home directory for this user; set HOME, or XDG_DATA_HOME, XDG_CONFIG_HOME and "
      + "XDG_STATE_HOME to absolute paths"
  }
}
