import ArgumentParser
import StormrangeRendering

/// The flags of the process itself, as opposed to the command it runs. Declared once and shared by
/// the executable's command and ``ArgumentPreParser``, so the two parses agree on which words are flags.
package struct ProcessFlags: ParsableArguments {
  /// argument-parser's text for the path: ``ArgumentBytes/bytes(of:)`` gives the bytes it stands for.
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The history file (default: $STORMRANGE_HISTORY, else $XDG_DATA_HOME/stormrange/SavedHistory.plist).",
      valueName: "path"))
  package var file: String?

  @Flag(help: "Stop at the first command that fails (batch input).")
  package var bail = false

  @Flag(help: "Print each input line before its result (batch input).")
  package var echo = false

  @Option(
    name: .customLong("color"),
    help: ArgumentHelp(
      "Colour the output: auto (where the stream is a terminal and NO_COLOR is unset or empty), always or never.",
      valueName: "when"))
  package var color = ColourChoice.auto

  package init() {}
}
