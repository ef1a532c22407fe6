import StormrangeDomain
import TestSupport
import Testing

@testable import StormrangePropertyList
@testable import StormrangeStore

/// The location and the radius of located strikes, saved and read as the other settings are.
@Suite struct SettingsStoreLocationTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("settings.plist") }

  private func write(_ entries: String) throws {
    try directory.write(
      "settings.plist", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>\(entries)</dict></plist>")
  }

  @Test func theLocationIsADictionaryOfLatitudeAndLongitude() throws {
    let london = try #require(GeoPosition(latitude: 51.5, longitude: -0.12))
    try SettingsStore(path: path).set(location: london)
    try SettingsStore(path: path).set(radius: 40)
    let stored = try PropertyListReader.read(try #require(directory.bytes("settings.plist")))
    #expect(
      stored
        == .dictionary([
          PropertyListEntry(
            key: "observer",
            value: .dictionary([
              PropertyListEntry(key: "latitude", value: .real(51.5)),
              PropertyListEntry(key: "longitude", value: .real(-0.12)),
            ])),
          PropertyListEntry(key: "radius", value: .real(40)),
        ]))
    let current = SettingsStore(path: path).current
    #expect(current.location == london && current.radius == 40)
  }

  /// `location` is the example of another tool's key stormrange keeps (docs/formats.md).
  @Test func anotherToolsLocationKeyIsKeptAndNotRead() throws {
    try write("<key>location</key><string>Lugano</string>")
    let store = SettingsStore(path: path)
    #expect(store.current.location == nil && store.problems.isEmpty)
    try store.set(radius: 50)
    let stored = try PropertyListReader.read(try #require(directory.bytes("settings.plist")))
    #expect(
      stored
        == .dictionary([
          PropertyListEntry(key: "location", value: .string("Lugano")),
          PropertyListEntry(key: "radius", value: .real(50)),
        ]))
  }

  @Test func noLocationAndA100KilometreRadiusByDefault() {
    #expect(Settings.defaults.location == nil)
    #expect(Settings.defaults.radius == 100)
  }

  @Test(arguments: [
    "<key>observer</key><string>51.5 -0.12</string>",
    "<key>observer</key><dict><key>latitude</key><real>91</real><key>longitude</key><real>0</real></dict>",
    "<key>observer</key><dict><key>latitude</key><real>0</real><key>longitude</key><real>-180.5</real></dict>",
    "<key>observer</key><dict><key>latitude</key><real>10</real></dict>",
  ])
  func aBadLocationIsAProblemAndNoLocation(entry: String) throws {
    try write(entry + "<key>unit</key><string>mi</string>")
    let store = SettingsStore(path: path)
    #expect(store.current.location == nil && store.current.unit == .miles)
    #expect(store.problems.map(\.key) == [.location])
  }

  @Test(arguments: ["<real>0</real>", "<real>-5</real>", "<real>112</real>", "<string>50</string>"])
  func aBadRadiusFallsBackToTheDefault(value: String) throws {
    try write("<key>radius</key>\(value)")
    let store = SettingsStore(path: path)
    #expect(store.current.radius == Settings.defaults.radius)
    #expect(store.problems == [SettingsProblem(key: .radius, "'radius' is not \(Settings.radiusRule)")])
  }

  @Test func anIntegerRadiusIsTaken() throws {
    try write("<key>radius</key><integer>25</integer>")
    #expect(SettingsStore(path: path).current.radius == 25)
  }

  /// To 111.95 km, the farthest distance the history takes rounded down to 10 m, so that the
  /// number the messages give is the largest taken.
  @Test func theRadiusReachesTheFarthestDistanceTheHistoryTakesAndNoFarther() throws {
    let farthest = MeasurementRules.maximumDistance / 1000
    #expect(Settings.isRadius(111.95) && !Settings.isRadius(111.95.nextUp) && !Settings.isRadius(0))
    #expect(farthest >= 111.95 && farthest < 111.96)
    #expect(Settings.shownRadiusLimit == "111.95")
    let store = SettingsStore(path: path)
    #expect(throws: StoreError.self) { try store.set(radius: farthest + 1) }
    #expect(directory.bytes("settings.plist") == nil)
  }
}
