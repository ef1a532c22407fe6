import ShellTestSupport
import StormrangeDomain
import TestSupport
import Testing

@testable import StormrangePropertyList
@testable import StormrangeShell
@testable import StormrangeStore

@Suite struct SetCommandTests {
  @Test func settingsPersistAndHoldOnlyWhatChanged() throws {
    let test = TestSession()
    test.runAll(["set unit mi"])
    let stored = try PropertyListReader.read(try #require(test.directory.bytes("settings.plist")))
    #expect(stored == .dictionary([PropertyListEntry(key: "unit", value: .string("mi"))]))
    #expect(SettingsStore(path: test.directory.file("settings.plist")).current.unit == .miles)
  }

  @Test func aNewTemperatureAppliesOnlyToNewMeasurements() throws {
    let test = TestSession()
    test.runAll(["add 6", "set temperature 86F", "add 6"])
    let stored = try test.reloadedHistory()
    #expect(stored[0].timing!.temperature == 20)
    #expect(abs(stored[1].timing!.temperature - 30) < 1e-9)
    #expect(stored[1].timing!.speedOfSound > stored[0].timing!.speedOfSound)
  }

  @Test func setListsAndValidates() {
    let test = TestSession()
    test.runAll(["set"])
    #expect(test.output.text.contains("unit         km"))
    #expect(test.output.text.contains("343.2 m/s"))
    for bad in [
      "set unit parsecs", "set colour red", "set unit", "set temperature hot", "set temperature 500",
      "set unit km extra",
    ] {
      #expect(test.run(bad), "\(bad) should fail")
    }
    #expect(test.errors.text.split(separator: "\n").count == 6)
    #expect(test.directory.bytes("settings.plist") == nil)
  }
}

@Suite struct SetCommandSharedFileTests {
  @Test func aSessionUsesTheSettingsAnotherProcessSavedMeanwhile() throws {
    let test = TestSession()
    test.runAll(["add 6"])
    try SettingsStore(path: test.directory.file("settings.plist")).set(temperature: 30)
    test.runAll(["set unit mi", "add 6"])
    let stored = try PropertyListReader.read(try #require(test.directory.bytes("settings.plist")))
    #expect(
      stored
        == .dictionary([
          PropertyListEntry(key: "temperature", value: .real(30)),
          PropertyListEntry(key: "unit", value: .string("mi")),
        ]))
    #expect(try test.reloadedHistory().map(\.timing?.temperature) == [20, 30])
  }

  @Test func aBadSettingsFileIsWarnedAboutOncePerProblem() throws {
    let test = TestSession()
    let bad = { (unit: String) in
      try test.directory.write(
        "settings.plist",
        "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>unit</key><string>\(unit)</string></dict></plist>"
      )
    }
    try bad("parsecs")
    test.runAll(["set", "set"])
    try bad("leagues")
    test.runAll(["set", "set"])
    try test.directory.write("settings.plist", "<plist version=\"1.0\"><dict/></plist>")
    test.runAll(["set"])
    try bad("leagues")
    test.runAll(["set"])
    let warnings = test.errors.text.split(separator: "\n")
    #expect(warnings.count == 3)
    #expect(warnings.map { $0.contains("'parsecs'") } == [true, false, false])
  }

  @Test func setOfABadKeyRepairsItWithoutAWarning() throws {
    let test = TestSession()
    try test.directory.write(
      "settings.plist",
      "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>unit</key><string>mi</string>"
        + "<key>temperature</key><real>999</real></dict></plist>")
    test.runAll(["set temperature 20"])
    #expect(test.errors.text == "")
    test.runAll(["set"])
    #expect(test.errors.text == "")
    #expect(test.output.text.contains("unit         mi"))
  }

  @Test func aFileThatCannotBeChangedIsReportedOnceBySet() throws {
    let test = TestSession()
    try test.directory.write("settings.plist", "not a property list")
    #expect(test.run("set temperature 20"))
    #expect(test.errors.text.split(separator: "\n").count == 1)
    #expect(test.errors.text.contains("fix or remove it before changing settings"))
  }
}
