import Glibc
import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeShell
@testable import StormrangeStore

@Suite struct ExportCommandTests {
  private func session() -> TestSession {
    let test = TestSession()
    test.runAll([
      "add 6 at 2026-07-01T16:00:00Z note over the lake, \"north\"", "set temperature 25",
      "add 12.5 at 2026-07-01T18:00:00+02:00",
    ])
    _ = test.output.take()
    return test
  }

  @Test func csvHasAHeaderAndQuotesNotes() {
    let test = session()
    #expect(!test.run("export csv"))
    let speed25 = SpeedOfSound.metresPerSecond(celsius: 25)
    #expect(
      test.output.take()
        == "index,date,delay_s,distance_m,temperature_c,speed_of_sound_mps,note,bearing_deg,source,detector,latitude_deg,longitude_deg,nearest_m,strikes,spread_m\r\n"
        + "1,2026-07-01T16:00:00Z,6.0,2059.2877360954076,20.0,343.21462268256795,\"over the lake, \"\"north\"\"\",,,,,,,,\r\n"
        + "2,2026-07-01T16:00:00Z,12.5,\(12.5 * speed25),25.0,\(speed25),,,,,,,,,\r\n")
  }

  @Test func jsonIsAnArrayOfObjectsWithNullNotes() {
    let test = session()
    #expect(!test.run("export json"))
    let speed25 = SpeedOfSound.metresPerSecond(celsius: 25)
    #expect(
      test.output.take() == """
        [
          {"index": 1, "date": "2026-07-01T16:00:00Z", "delay_s": 6.0, "distance_m": 2059.2877360954076, \
        "temperature_c": 20.0, "speed_of_sound_mps": 343.21462268256795, "note": "over the lake, \\"north\\"", "bearing_deg": null, "source": null, "detector": null, "latitude_deg": null, "longitude_deg": null, "nearest_m": null, "strikes": null, "spread_m": null},
          {"index": 2, "date": "2026-07-01T16:00:00Z", "delay_s": 12.5, "distance_m": \(12.5 * speed25), \
        "temperature_c": 25.0, "speed_of_sound_mps": \(speed25), "note": null, "bearing_deg": null, "source": null, "detector": null, "latitude_deg": null, "longitude_deg": null, "nearest_m": null, "strikes": null, "spread_m": null}
        ]

        """)
  }

  @Test func anEmptyHistoryExportsJustTheShape() {
    let test = TestSession()
    test.run("export json")
    #expect(test.output.take() == "[]\n")
    test.run("export csv")
    #expect(
      test.output.take()
        == "index,date,delay_s,distance_m,temperature_c,speed_of_sound_mps,note,bearing_deg,source,detector,latitude_deg,longitude_deg,nearest_m,strikes,spread_m\r\n"
    )
  }

  @Test func toAFileWithSpacesInItsName() throws {
    let test = session()
    let path = test.directory.file("my storms.csv")
    #expect(!test.run("export csv \(path)"))
    #expect(test.output.take() == "exported 2 measurements to \(path) (CSV)\n")
    let bytes = try #require(test.directory.bytes("my storms.csv"))
    #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("index,date,"))
  }

  @Test func badFormatsAndTheHistoryItselfAreRefused() throws {
    let test = session()
    let before = test.directory.bytes("history.plist")
    #expect(test.run("export xml"))
    #expect(test.errors.take() == "stormrange: line 1: unknown export format 'xml'; use csv or json\n")
    #expect(test.run("export"))
    #expect(
      test.errors.take()
        == "stormrange: line 1: missing the format, csv or json; usage: export csv|json [PATH]\n")
    #expect(test.run("export csv \(test.historyPath)"))
    #expect(
      test.errors.take()
        == "stormrange: line 1: \(test.historyPath) is the history file itself; nothing was written; "
        + "choose another path\n")
    let missing = test.directory.file("missing/dir")
    #expect(test.run("export csv \(missing)/x.csv"))
    #expect(
      test.errors.take()
        == "stormrange: line 1: cannot export to \(missing)/x.csv: cannot create a temporary file in \(missing): "
        + "No such file or directory; nothing was written\n")
    #expect(test.directory.bytes("history.plist") == before)
    #expect(test.output.text.isEmpty)
  }

  @Test func stormrangesOwnFilesAreRefused() throws {
    let test = session()
    test.session.commandHistory = SystemPath(test.directory.file("typed"))
    let cases: [(String, String)] = [
      ("history.plist.lock", "stormrange's lock file for the history"),
      ("settings.plist", "stormrange's settings file"),
      ("settings.plist.lock", "stormrange's lock file for the settings"),
      ("typed", "stormrange's command history (the lines typed at the prompt)"),
      ("history.plist.cleared-20260701T160300Z", "the copy of the history that 'clear' kept"),
      ("history.plist.unreadable-20260701T160300Z", "the unreadable history that 'clear' moved aside"),
      (".history.plist.tmp-abc", "a temporary file stormrange is writing or a crashed one left"),
    ]
    for (name, what) in cases {
      let path = test.directory.file(name)
      #expect(test.run("export csv \(path)"))
      #expect(
        test.errors.take()
          == "stormrange: line 1: \(path) is \(what); nothing was written; choose another path\n")
    }
    #expect(test.directory.bytes("history.plist.lock") == [])
    #expect(test.output.text.isEmpty)
  }

  @Test func aFileWithOtherNamesIsRefusedWithTheWayOutQuoted() throws {
    let test = session()
    try test.directory.write("my out; touch X", "old")
    let path = test.directory.file("my out; touch X")
    link(path, test.directory.file("other"))
    #expect(test.run("export csv '\(path)'"))
    #expect(
      test.errors.take()
        == "stormrange: line 1: cannot export to \(path): the file has 2 names (hard links), and exporting "
        + "would leave the others with the old contents; nothing was written (keep one name and remove the "
        + "others, or break the link: cp '\(path)' '\(path).copy' && mv '\(path).copy' '\(path)')\n")
    #expect(test.directory.bytes("my out; touch X") == Array("old".utf8))
  }

  @Test func aQuotedPathKeepsItsBlanks() throws {
    let test = session()
    let path = test.directory.file("out  ")
    #expect(!test.run("export csv '\(path)'"))
    #expect(test.output.take() == "exported 2 measurements to \(path) (CSV)\n")
    #expect(test.directory.bytes("out  ") != nil)
  }

  @Test func completion() {
    let interpreter = TestSession().interpreter
    #expect(interpreter.completions(before: "export ", word: "") == ["csv", "json"])
    #expect(interpreter.completions(before: "export ", word: "j") == ["json"])
    #expect(interpreter.completions(before: "", word: "st").contains("stats"))
    #expect(interpreter.completions(before: "", word: "im") == ["import"])
  }
}
