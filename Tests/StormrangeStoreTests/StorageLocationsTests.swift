import Testing

@testable import StormrangeStore

@Suite struct StorageLocationsTests {
  private func bytes(_ environment: [String: String]) -> [String: [UInt8]] {
    environment.mapValues { Array($0.utf8) }
  }

  private func locations(
    _ environment: [String: [UInt8]], flag: SystemPath? = nil, passwordHome: [UInt8]? = nil
  ) throws -> StorageLocations {
    try StorageLocations(
      historyFlag: flag, environment: environment, homeFromPasswordDatabase: { passwordHome })
  }

  @Test func homeGivesTheDefaults() throws {
    let found = try locations(bytes(["HOME": "/home/ana/"]), passwordHome: Array("/elsewhere".utf8))
    #expect(found.history == SystemPath("/home/ana/.local/share/stormrange/SavedHistory.plist"))
    #expect(found.settings == SystemPath("/home/ana/.config/stormrange/settings.plist"))
    #expect(found.commandHistory == SystemPath("/home/ana/.local/state/stormrange/history"))
  }

  @Test func withoutHomeThePasswordDatabaseGivesIt() throws {
    for environment in [bytes([:]), bytes(["HOME": ""])] {
      let found = try locations(environment, passwordHome: Array("/var/lib/storm".utf8))
      #expect(found.history == SystemPath("/var/lib/storm/.local/share/stormrange/SavedHistory.plist"))
      #expect(found.settings == SystemPath("/var/lib/storm/.config/stormrange/settings.plist"))
    }
  }

  @Test func withoutAnyHomeALocationThatNeedsOneIsRefused() {
    #expect(throws: NoHomeDirectory.self) { try locations(bytes([:])) }
    #expect(throws: NoHomeDirectory.self) { try locations(bytes([:]), passwordHome: []) }
    // The history is named, but the settings still need the home.
    #expect(throws: NoHomeDirectory.self) { try locations(bytes(["STORMRANGE_HISTORY": "/h.plist"])) }
  }

  @Test func absoluteXDGVariablesNeedNoHome() throws {
    let found = try locations(
      bytes(["XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s"]))
    #expect(found.history == SystemPath("/d/stormrange/SavedHistory.plist"))
    #expect(found.settings == SystemPath("/c/stormrange/settings.plist"))
    #expect(found.commandHistory == SystemPath("/s/stormrange/history"))
  }

  @Test func relativeXDGVariablesAreIgnored() throws {
    let found = try locations(bytes(["HOME": "/h", "XDG_CONFIG_HOME": "config"]))
    #expect(found.settings == SystemPath("/h/.config/stormrange/settings.plist"))
  }

  @Test func theFlagThenTheVariableNameTheHistory() throws {
    let environment = bytes(["HOME": "/h", "STORMRANGE_HISTORY": "/v.plist"])
    #expect(try locations(environment, flag: SystemPath("/f.plist")).history == SystemPath("/f.plist"))
    #expect(try locations(environment).history == SystemPath("/v.plist"))
    #expect(
      try locations(bytes(["HOME": "/h", "STORMRANGE_HISTORY": ""])).history.description.hasPrefix("/h/"))
  }

  @Test func theDefaultHistoryIsTheOneUsedWithoutTheFlag() throws {
    let home = bytes(["HOME": "/h"])
    let xdg = SystemPath("/h/.local/share/stormrange/SavedHistory.plist")
    #expect(try locations(home).defaultHistory == xdg)
    #expect(try locations(home, flag: SystemPath("/f.plist")).defaultHistory == xdg)
    let variable = bytes(["HOME": "/h", "STORMRANGE_HISTORY": "/v.plist"])
    #expect(try locations(variable, flag: SystemPath("/f.plist")).defaultHistory == SystemPath("/v.plist"))
    // With the flag, a default that needs a home there is not is no reason to refuse.
    let noHome = bytes(["XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s"])
    let found = try locations(noHome, flag: SystemPath("/f.plist"))
    #expect(found.history == SystemPath("/f.plist") && found.defaultHistory == nil)
  }

  @Test func bytesThatAreNotUTF8ReachThePathsUnchanged() throws {
    let latin1 = Array("/tmp/Z".utf8) + [0xFC] + Array("rich".utf8)
    let found = try locations([
      "HOME": latin1, "STORMRANGE_HISTORY": latin1 + Array(".plist".utf8), "XDG_CONFIG_HOME": latin1,
    ])
    #expect(Array(found.history.bytes) == latin1 + Array(".plist".utf8))
    #expect(Array(found.settings.bytes) == latin1 + Array("/stormrange/settings.plist".utf8))
    #expect(Array(found.commandHistory.bytes) == latin1 + Array("/.local/state/stormrange/history".utf8))
  }
}
