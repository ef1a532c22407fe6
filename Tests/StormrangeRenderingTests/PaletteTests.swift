import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeRendering
@testable import StormrangeShell

/// What `--color` and `NO_COLOR` decide, and what each palette does to text.
@Suite struct PaletteTests {
  @Test(arguments: [true, false])
  func alwaysAndNeverOverrideTheTerminalAndNoColor(isTerminal: Bool) {
    for environment in [[:], ["NO_COLOR": ""], ["NO_COLOR": "1"]] {
      #expect(Palette.choose(.always, isTerminal: isTerminal, environment: environment) == .ansi)
      #expect(Palette.choose(.never, isTerminal: isTerminal, environment: environment) == .plain)
    }
  }

  @Test func autoColoursOnlyATerminalWithoutANonEmptyNoColor() {
    #expect(Palette.choose(.auto, isTerminal: true, environment: [:]) == .ansi)
    #expect(Palette.choose(.auto, isTerminal: true, environment: ["NO_COLOR": ""]) == .ansi)
    #expect(Palette.choose(.auto, isTerminal: true, environment: ["NO_COLOR": "1"]) == .plain)
    #expect(Palette.choose(.auto, isTerminal: true, environment: ["NO_COLOR": "0"]) == .plain)
    for environment in [[:], ["NO_COLOR": ""], ["NO_COLOR": "1"]] {
      #expect(Palette.choose(.auto, isTerminal: false, environment: environment) == .plain)
    }
  }

  @Test func anAnsiSpanEndsWithAReset() {
    #expect(Palette.ansi.paint("SHELTER NOW", as: .danger) == "\u{1B}[1;31mSHELTER NOW\u{1B}[0m")
    #expect(Palette.ansi.paint("all clear", as: .safe) == "\u{1B}[32mall clear\u{1B}[0m")
    #expect(Palette.ansi.paint("error: x", as: .error) == "\u{1B}[31merror: x\u{1B}[0m")
    #expect(Palette.ansi.paint("", as: .heading) == "")
    #expect(Palette.plain.paint("SHELTER NOW", as: .danger) == "SHELTER NOW")
  }

  @Test func readlineMarkersEncloseEveryEscapeAndNothingElse() {
    let prompt = "stormrange " + Palette.ansi.paint("[flash +3 s]", as: .caution) + "> "
    #expect(
      Palette.markingEscapes(in: prompt, start: "\u{1}", end: "\u{2}")
        == "stormrange \u{1}\u{1B}[33m\u{2}[flash +3 s]\u{1}\u{1B}[0m\u{2}> ")
    #expect(Palette.markingEscapes(in: "stormrange> ", start: "\u{1}", end: "\u{2}") == "stormrange> ")
  }

  @Test func theStopwatchPromptIsYellowOnlyWhenColouring() {
    let test = TestSession(mode: .interactive)
    test.run("flash")
    test.clock.advance(3)
    #expect(test.interpreter.prompt(at: test.clock.now()) == "stormrange [flash +3 s]> ")
    test.session.palette = .ansi
    #expect(
      test.interpreter.prompt(at: test.clock.now()) == "stormrange \u{1B}[33m[flash +3 s]\u{1B}[0m> ")
    test.run("thunder")
    #expect(test.interpreter.prompt(at: test.clock.now()) == "stormrange> ")
  }
}

/// The same renderings in colour: what is painted, and that without the escapes it is the plain text
/// to the byte, so no width counted the escapes.
@Suite struct ColouredRenderingTests {
  /// Runs `line` plainly and in colour on the same history; returns both outputs.
  func bothWays(_ test: TestSession, _ line: String) -> (plain: String, coloured: String) {
    test.session.palette = .plain
    test.run(line)
    let plain = test.output.take()
    test.session.palette = .ansi
    test.run(line)
    return (plain, test.output.take())
  }

  @Test func statusPaintsAdviceByLevelCloseLightningAndLabels() {
    let test = approachingStorm()
    let (plain, coloured) = bothWays(test, "status")
    #expect(withoutEscapes(coloured) == plain)
    #expect(coloured.contains("\u{1B}[1mlatest\u{1B}[0m     #4"))
    #expect(coloured.contains("\u{1B}[1madvice\u{1B}[0m     \u{1B}[1;31mSHELTER NOW: thunder was heard"))
    #expect(
      coloured.contains("           \u{1B}[1mlightning within about 10 km in the last 30 minutes\u{1B}[0m\n"))
    #expect(coloured.contains("\u{1B}[1mall clear\u{1B}[0m  in 29:17"))
    test.clock.advance(1800)
    let (plainLater, colouredLater) = bothWays(test, "status")
    #expect(withoutEscapes(colouredLater) == plainLater)
    #expect(colouredLater.contains("\u{1B}[1madvice\u{1B}[0m     \u{1B}[32mall clear: the last thunder was"))
  }

  @Test func theSummaryAfterAMeasurementPaintsItsAdvice() throws {
    let test = approachingStorm(mode: .interactive)
    test.session.palette = .ansi
    test.run("add 16")
    let summary = try #require(test.output.take().split(separator: "\n").last.map(String.init))
    #expect(
      summary.hasSuffix(
        "\u{1B}[1;31mshelter now\u{1B}[0m, \u{1B}[1mlightning within 10 km\u{1B}[0m"))
    test.clock.advance(3600)
    test.run("add 80 note far")
    let later = test.output.take()
    #expect(later.contains("\u{1B}[1;31mshelter now\u{1B}[0m\n"))
  }

  @Test func showAndStatsSetOffTheirHeadingRowOnly() {
    let test = approachingStorm()
    for command in ["show", "stats"] {
      let (plain, coloured) = bothWays(test, command)
      #expect(withoutEscapes(coloured) == plain, "\(command)")
      let lines = coloured.split(separator: "\n")
      #expect(lines[0].hasPrefix("\u{1B}[1m#") || lines[0].hasPrefix("\u{1B}[1mstorm"), "\(command)")
      #expect(lines[0].hasSuffix("\u{1B}[0m"), "\(command)")
      #expect(lines.dropFirst().allSatisfy { !$0.contains("\u{1B}") }, "\(command)")
    }
  }

  @Test func plotSetsOffOnlyItsTrendLabel() {
    let test = approachingStorm()
    let (plain, coloured) = bothWays(test, "plot")
    #expect(withoutEscapes(coloured) == plain)
    let painted = coloured.split(separator: "\n").filter { $0.contains("\u{1B}") }
    #expect(
      painted == [
        "\u{1B}[1mtrend:\u{1B}[0m steady: approaching 6 in 10, receding 1 in 10 (closing at 11 ± 17 km/h)"
      ])
  }

  @Test func aNoteCannotSendItsOwnEscapesThroughTheColour() throws {
    let test = TestSession()
    // A C1 CSI (U+009B), which an XML history can hold, and which some terminals obey like ESC [.
    try test.directory.write(
      "notes.json",
      #"[{"date": "2026-07-01T15:40:00Z", "delay_s": 6, "note": "\u009b31mred"}]"#)
    #expect(!test.run("import \(test.directory.file("notes.json"))"))
    _ = test.output.take()
    test.session.palette = .ansi
    test.session.errorPalette = .ansi
    test.run("show")
    let shown = test.output.take()
    #expect(shown.contains(#"\u{9B}31mred"#))
    #expect(!shown.contains("\u{9B}"))
    #expect(shown.filter { $0 == "\u{1B}" }.count == 2)  // the heading's colour and its reset
    test.run("\u{1B}[31mred")
    let error = test.errors.take()
    #expect(error.hasPrefix("\u{1B}[31mstormrange: line 1: unknown command"))
    #expect(error.hasSuffix("\u{1B}[0m\n"))
    #expect(error.contains(#"\u{1B}[31mred"#))
    #expect(error.filter { $0 == "\u{1B}" }.count == 2)
  }

  @Test func warningsAreYellowAndErrorsRed() {
    let test = TestSession()
    test.session.errorPalette = .ansi
    test.run("add 80")
    #expect(test.errors.take().hasPrefix("\u{1B}[33mstormrange: line 1: warning: "))
    test.run("shwo")
    #expect(test.errors.take().hasPrefix("\u{1B}[31mstormrange: line 1: unknown command"))
  }

  @Test func machineReadableOutputIsNeverColoured() {
    let test = approachingStorm()
    test.session.palette = .ansi
    for command in ["export csv", "export json", "status --json"] {
      test.run(command)
      let text = test.output.take()
      #expect(!text.isEmpty && !text.contains("\u{1B}"), "\(command)")
    }
  }

  @Test func asciiStandInsLeaveTheEscapesAlone() {
    let test = approachingStorm()
    test.session.repertoire = .ascii
    test.session.palette = .ansi
    test.run("status")
    let block = test.output.take()
    var shown = ""
    let capture = Console { _, bytes in
      shown += String(decoding: bytes, as: UTF8.self)
      return .written
    }
    capture.asciiOnly = true
    capture.output.write(block)
    capture.flush()
    #expect(shown.contains("+/- 0.15 km"))
    #expect(shown.contains("\u{1B}[1;31mSHELTER NOW"))
    #expect(shown.utf8.allSatisfy { $0 < 0x80 })
  }
}

/// `text` without its SGR sequences.
func withoutEscapes(_ text: String) -> String {
  var result = ""
  var inEscape = false
  for character in text {
    if character == "\u{1B}" { inEscape = true }
    if !inEscape { result.append(character) }
    if inEscape, character == "m" { inEscape = false }
  }
  return result
}
