import Glibc
import StormrangeDomain
import TestSupport
import Testing

@testable import StormrangePropertyList
@testable import StormrangeStore

@Suite struct SettingsStoreTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("settings.plist") }

  private func stored() throws -> [PropertyListEntry] {
    guard
      case .dictionary(let entries) = try PropertyListReader.read(
        try #require(directory.bytes("settings.plist")))
    else { throw PropertyListError("not a dictionary") }
    return entries
  }

  @Test func currentIsTheFileAsItIsNowNotAsItWasFirstRead() throws {
    let mine = SettingsStore(path: path)
    #expect(mine.current.temperature == 20)
    try SettingsStore(path: path).set(temperature: 30)
    #expect(mine.current.temperature == 30)
  }

  @Test func setKeepsWhatAnotherProcessChangedMeanwhile() throws {
    let mine = SettingsStore(path: path)
    let other = SettingsStore(path: path)
    _ = mine.current
    try other.set(temperature: 30)
    try mine.set(unit: .miles)
    #expect(try stored().map(\.key) == ["temperature", "unit"])
    #expect(mine.current.temperature == 30)
    #expect(mine.current.unit == .miles)
  }

  @Test func setKeepsKeysItDoesNotKnow() throws {
    try directory.write(
      "settings.plist",
      "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>colour</key><string>red</string></dict></plist>"
    )
    try SettingsStore(path: path).set(unit: .feet)
    #expect(
      try stored() == [
        PropertyListEntry(key: "colour", value: .string("red")),
        PropertyListEntry(key: "unit", value: .string("ft")),
      ])
  }

  @Test func aBadFileIsAProblemUntilItIsFixed() throws {
    let store = SettingsStore(path: path)
    try directory.write("settings.plist", "not a plist")
    #expect(store.current == .defaults)
    #expect(store.problems == [SettingsProblem(key: nil, "it is not a property-list dictionary")])
    #expect(throws: StoreError.self) { try store.set(unit: .miles) }
    #expect(directory.bytes("settings.plist") == Array("not a plist".utf8))
    unlink(path)
    #expect(store.current == .defaults)
    #expect(store.problems == [])
  }

  private func write(_ entries: String) throws {
    try directory.write(
      "settings.plist", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>\(entries)</dict></plist>")
  }

  /// A bad key falls back alone, named with its value as the file has it; issue 17: a temperature
  /// too large for an Int trapped while its problem was being described.
  @Test(arguments: [
    ("<real>999</real>", "999"), ("<real>1e19</real>", "1e+19"), ("<real>-1e309</real>", "-inf"),
    ("<integer>9223372036854775807</integer>", "9223372036854775807"), ("<real>99.96</real>", "99.96"),
  ])
  func aBadKeyFallsBackAloneAndIsNamedWithItsValueWhateverItsSize(value: String, shown: String) throws {
    try write("<key>unit</key><string>mi</string><key>temperature</key>\(value)")
    let store = SettingsStore(path: path)
    #expect(store.current.unit == .miles)
    #expect(store.current.temperature == Settings.defaults.temperature)
    #expect(
      store.problems == [
        SettingsProblem(
          key: .temperature, "'temperature' is \(shown) °C, not a plausible air temperature (-60 to 60 °C)")
      ])
    try store.set(temperature: 25)
    #expect(store.current.temperature == 25 && store.problems == [])
  }

  /// Issue 17: the whole value was quoted, so a 900 KB unit made a 900 KB warning.
  @Test func aLongUnitIsShortenedInItsProblem() throws {
    try write("<key>unit</key><string>\(String(repeating: "furlong", count: 1000))</string>")
    let store = SettingsStore(path: path)
    #expect(store.current.unit == Settings.defaults.unit)
    let shown = String(String(repeating: "furlong", count: 9).prefix(60)) + "…"
    #expect(
      store.problems == [SettingsProblem(key: .unit, "'unit' is '\(shown)', not one of km, m, mi, ft, nmi")])
  }

  @Test func everyBadKeyIsAProblemOfItsOwn() throws {
    try write("<key>unit</key><integer>3</integer><key>temperature</key><date>2026-07-01T00:00:00Z</date>")
    let store = SettingsStore(path: path)
    #expect(store.current == .defaults)
    #expect(
      store.problems == [
        SettingsProblem(key: .unit, "'unit' is an integer, not the name of a unit"),
        SettingsProblem(key: .temperature, "'temperature' is a date, not a number of °C"),
      ])
  }

  @Test func settingABadKeyRepairsItAndKeepsTheOthers() throws {
    try write(
      "<key>colour</key><string>red</string><key>unit</key><string>furlong</string>"
        + "<key>temperature</key><real>999</real>")
    let store = SettingsStore(path: path)
    try store.set(temperature: 25)
    #expect(store.current.temperature == 25)
    #expect(
      store.problems == [SettingsProblem(key: .unit, "'unit' is 'furlong', not one of km, m, mi, ft, nmi")])
    #expect(
      try stored() == [
        PropertyListEntry(key: "colour", value: .string("red")),
        PropertyListEntry(key: "unit", value: .string("furlong")),
        PropertyListEntry(key: "temperature", value: .real(25)),
      ])
  }

  @Test func setRefusesATemperatureReadingWouldNotUseAndWritesNothing() throws {
    try write("<key>unit</key><string>mi</string>")
    let before = directory.bytes("settings.plist")
    let store = SettingsStore(path: path)
    #expect(throws: StoreError.self) { try store.set(temperature: 999) }
    #expect(throws: StoreError.self) { try store.set(temperature: .nan) }
    #expect(directory.bytes("settings.plist") == before)
    #expect(directory.bytes("settings.plist.lock") == nil)
    #expect(store.current.unit == .miles)
  }

  @Test func setTakesTheLockBesideTheFile() throws {
    try SettingsStore(path: path).set(unit: .metres)
    #expect(directory.bytes("settings.plist.lock") == [])
  }
}
