import ShellTestSupport
import StormrangeDomain
import TestSupport
import Testing

@testable import StormrangeShell
@testable import StormrangeStore

@Suite struct FixedWordCaseTests {
  @Test func fixedWordsInArgumentsAreTakenInAnyCase() throws {
    let test = TestSession()
    test.runAll([
      "set UNIT MI", "set Temperature 25", "add 12 KM FROM ne SOURCE AS3935 NOTE x",
      "add 6 AT 2026-07-01T16:00:00Z",
      "export CSV", "plot MAP",
    ])
    #expect(SettingsStore(path: test.directory.file("settings.plist")).current.unit == .miles)
    let stored = try test.reloadedHistory()
    #expect(stored[0].bearing?.degrees == 45)
    #expect(stored[0].note == "x")
    #expect(stored[0].distance == 12000)
    #expect(stored[0].source?.kind == .as3935)
  }

  @Test func commandNamesStayCaseSensitive() {
    let test = TestSession()
    #expect(test.run("SHOW"))
    #expect(test.errors.take().contains("unknown command 'SHOW'"))
  }

  @Test func completionOffersTheCanonicalSpelling() {
    let interpreter = TestSession().interpreter
    #expect(interpreter.completions(before: "set unit ", word: "M") == ["m", "mi"])
    #expect(interpreter.completions(before: "set UNIT ", word: "n") == ["nmi"])
    #expect(interpreter.completions(before: "add 6 FROM ", word: "ws") == ["WSW"])
    #expect(interpreter.completions(before: "export ", word: "J") == ["json"])
    #expect(
      interpreter.completions(before: "add 6 km SOURCE x ", word: "") == ["at", "detector", "from", "note"])
  }
}
