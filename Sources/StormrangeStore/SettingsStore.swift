import StormrangeBase
import StormrangeDomain
import StormrangePropertyList

/// Reads and saves ``Settings`` in a small property list (`settings.plist`) holding only the keys the
/// user set; keys it does not know are kept.
///
/// Several processes share the file as they share the history: ``current`` is the file as it is on
/// disk now (one `stat` tells whether another process replaced it since it was read), and each typed
/// setter (``set(unit:)``, ``set(temperature:)``) changes one key under the lock `settings.plist.lock`,
/// re-reading the file first, so a change made meanwhile by another terminal is kept. The keys and
/// their property-list values live here alone: the application sets typed values.
///
/// A key whose value cannot be used falls back to its default alone (a ``SettingsProblem`` names
/// it), and setting that key replaces the bad value; a file that is not a property-list dictionary
/// gives every default, and is not overwritten.
package final class SettingsStore {
  package let path: SystemPath
  private let lock: FileLock
  private var snapshot: Snapshot?

  /// What one reading of the file gave.
  private struct Snapshot {
    var settings = Settings.defaults
    /// The file's entries, nil when it could not be read as a dictionary.
    var entries: [PropertyListEntry]? = []
    var problems: [SettingsProblem] = []
    /// The identity of the file read, nil when there was none.
    var identity: FileIdentity?
  }

  /// `shouldStop` is asked while `set` waits for another process's lock: true gives it up
  /// (``StoreError/cancelled(lock:)``).
  package init(path: SystemPath, shouldStop: @escaping () -> Bool = { false }) {
    self.path = path
    lock = FileLock(path: path + KeptFiles.lockSuffix, shouldStop: shouldStop)
  }

  /// For a path that is text.
  package convenience init(path: String, shouldStop: @escaping () -> Bool = { false }) {
    self.init(path: SystemPath(path), shouldStop: shouldStop)
  }

  /// The settings in force: the file as it is now, re-read if another process changed it. An
  /// unusable file gives the defaults, an unusable key its default, each with a ``problems`` entry.
  package var current: Settings {
    let identity = FileIdentity.of(path: path)
    if let snapshot, snapshot.identity == identity { return snapshot.settings }
    let fresh = Self.load(path, identity: identity)
    snapshot = fresh
    return fresh.settings
  }

  /// Why the file or some of its keys, as ``current`` last found them, could not be used; empty
  /// when all could.
  package var problems: [SettingsProblem] { snapshot?.problems ?? [] }

  /// Saves `unit` as the unit distances are shown in (see ``set(_:to:)``).
  package func set(unit: DistanceUnit) throws(StoreError) {
    try set(.unit, to: .string(unit.rawValue))
  }

  /// Saves `celsius` as the air temperature for new measurements (see ``set(_:to:)``); a value
  /// outside `SpeedOfSound.plausibleCelsius`, which reading would refuse, is refused.
  package func set(temperature celsius: Double) throws(StoreError) {
    try set(.temperature, to: .real(celsius))
  }

  /// Saves `location` as where the observer stands (see ``set(_:to:)``).
  package func set(location: GeoPosition) throws(StoreError) {
    try set(
      .location,
      to: .dictionary([
        PropertyListEntry(key: Settings.latitudeKey, value: .real(location.latitude)),
        PropertyListEntry(key: Settings.longitudeKey, value: .real(location.longitude)),
      ]))
  }

  /// Saves `kilometres` as the radius of located strikes (see ``set(_:to:)``); a radius reading
  /// would refuse is refused.
  package func set(radius kilometres: Double) throws(StoreError) {
    try set(.radius, to: .real(kilometres))
  }

  /// Records one setting and saves the file, under the lock, changing only `key` in the file as it
  /// is now (a bad value of `key` included: this is how it is repaired; other keys, bad or unknown,
  /// are kept). Refuses a value that reading would not use, and to overwrite a file it could not
  /// read as a dictionary.
  private func set(_ key: Settings.Key, to value: PropertyListValue) throws(StoreError) {
    let entry = PropertyListEntry(key: key.fileKey, value: value)
    if let problem = Self.interpret([entry]).problems.first {
      throw .settings(path: path.description, problem: "\(problem.description); not saved")
    }
    do throws(FileProblem) {
      try DurableFile.createParentDirectories(of: path, owner: FileOwner.ofHistory(at: path))
      try lock.lock(owner: FileOwner.ofHistory(at: path))
    } catch {
      if error.isCancelled { throw .cancelled(lock: lock.path.description) }
      throw .settings(path: path.description, problem: "cannot save: \(error.message)")
    }
    defer { lock.unlock() }
    let latest = Self.load(path, identity: FileIdentity.of(path: path))
    snapshot = latest
    guard var entries = latest.entries else {
      let problem = latest.problems.first?.description ?? "it cannot be read"
      throw .settings(
        path: path.description, problem: "\(problem); fix or remove it before changing settings")
    }
    if let index = entries.firstIndex(where: { $0.key == entry.key }) {
      entries[index].value = value
    } else {
      entries.append(entry)
    }
    let identity: FileIdentity
    do {
      identity = try DurableFile.replace(
        path: path, with: try XMLPropertyListWriter.document(.dictionary(entries)),
        owner: FileOwner.ofHistory(at: path))
    } catch let error as FileProblem {
      throw .settings(path: path.description, problem: "cannot save: \(error.message)")
    } catch {
      throw .settings(path: path.description, problem: "cannot save: \(error)")
    }
    var saved = Self.interpret(entries)
    saved.identity = identity
    snapshot = saved
  }

  /// Reads the file; `identity` is what a `stat` just found there, kept if the read fails.
  private static func load(_ path: SystemPath, identity: FileIdentity?) -> Snapshot {
    let file: (bytes: [UInt8], identity: FileIdentity)?
    do {
      file = try DurableFile.read(path: path, limit: 1_000_000)
    } catch {
      return Snapshot(entries: nil, problems: [SettingsProblem(key: nil, error.message)], identity: identity)
    }
    guard let file else { return Snapshot() }
    guard case .dictionary(let entries)? = try? PropertyListReader.read(file.bytes) else {
      return Snapshot(
        entries: nil, problems: [SettingsProblem(key: nil, "it is not a property-list dictionary")],
        identity: file.identity)
    }
    var snapshot = interpret(entries)
    snapshot.identity = file.identity
    return snapshot
  }

  /// The settings the entries hold; each key whose value cannot be used keeps its default and is a
  /// problem.
  private static func interpret(_ entries: [PropertyListEntry]) -> Snapshot {
    var snapshot = Snapshot(entries: entries)
    for entry in entries {
      guard let key = Settings.Key(fileKey: entry.key) else { continue }  // kept, not ours
      switch key {
      case .unit:
        guard case .string(let name) = entry.value else {
          snapshot.problems.append(
            SettingsProblem(
              key: key, "'unit' is \(entry.value.typeDescription), not the name of a unit"))
          continue
        }
        guard let unit = DistanceUnit(rawValue: name) else {
          let units = DistanceUnit.allCases.map(\.rawValue).joined(separator: ", ")
          // Shortened: the file may hold any text, and the warning comes every session.
          snapshot.problems.append(
            SettingsProblem(key: key, "'unit' is '\(name.escapedForDisplay)', not one of \(units)"))
          continue
        }
        snapshot.settings.unit = unit
      case .temperature:
        let celsius: Double
        let shown: String  // the number as the file has it
        switch entry.value {
        case .real(let value): (celsius, shown) = (value, value.messageText)
        case .integer(let value): (celsius, shown) = (Double(value), String(value))
        default:
          snapshot.problems.append(
            SettingsProblem(
              key: key, "'temperature' is \(entry.value.typeDescription), not a number of °C"))
          continue
        }
        guard SpeedOfSound.plausibleCelsius.contains(celsius) else {
          snapshot.problems.append(
            SettingsProblem(key: key, "'temperature' is \(shown) °C, not \(MeasurementError.temperatureRule)")
          )
          continue
        }
        snapshot.settings.temperature = celsius
      case .location:
        guard let location = location(entry.value) else {
          snapshot.problems.append(
            SettingsProblem(
              key: key,
              "'\(key.fileKey)' is not a dictionary of a latitude (-90 to 90) and a longitude (-180 to 180) in degrees"))
          continue
        }
        snapshot.settings.location = location
      case .radius:
        guard let kilometres = number(entry.value), Settings.isRadius(kilometres) else {
          snapshot.problems.append(SettingsProblem(key: key, "'radius' is not \(Settings.radiusRule)"))
          continue
        }
        snapshot.settings.radius = kilometres
      }
    }
    return snapshot
  }

  /// A real or an integer as a number; nil for any other value.
  private static func number(_ value: PropertyListValue) -> Double? {
    switch value {
    case .real(let number): number
    case .integer(let number): Double(number)
    default: nil
    }
  }

  /// The position a `location` dictionary holds; nil unless it holds a usable one.
  private static func location(_ value: PropertyListValue) -> GeoPosition? {
    guard case .dictionary(let entries) = value,
      let latitude = entries.first(where: { $0.key == Settings.latitudeKey }).flatMap({ number($0.value) }),
      let longitude = entries.first(where: { $0.key == Settings.longitudeKey }).flatMap({ number($0.value) })
    else { return nil }
    return GeoPosition(latitude: latitude, longitude: longitude)
  }
}
