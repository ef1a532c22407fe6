import StormrangeDomain
import StormrangePropertyList

/// Reads and saves ``Settings`` in a small property list (`settings.plist`) holding only the keys the
/// user set; keys it does not know are kept.
public final class SettingsStore {
  public let path: String
  private var stored: [PropertyListEntry]?
  private var cached: Settings?
  /// Set when the file could not be used; the defaults apply meanwhile.
  public private(set) var problem: String?

  public init(path: String) { self.path = path }

  /// The settings in force (loaded on first use). An unusable file gives the defaults and a `problem`.
  public var current: Settings {
    if let cached { return cached }
    let settings = load()
    cached = settings
    return settings
  }

  /// Records one setting and saves the file. Refuses to overwrite a file it could not read.
  public func set(_ key: String, to value: PropertyListValue) throws(StoreError) {
    _ = current
    if let problem {
      throw .settings(path: path, problem: "\(problem); fix or remove it before changing settings")
    }
    var entries = stored ?? []
    if let index = entries.firstIndex(where: { $0.key == key }) {
      entries[index].value = value
    } else {
      entries.append(PropertyListEntry(key: key, value: value))
    }
    do {
      let bytes = try XMLPropertyListWriter.document(.dictionary(entries))
      try DurableFile.createParentDirectories(of: SystemPath(path))
      try DurableFile.replace(path: SystemPath(path), with: bytes)
    } catch let error as FileProblem {
      throw .settings(path: path, problem: "cannot save: \(error.message)")
    } catch {
      throw .settings(path: path, problem: "cannot save: \(error)")
    }
    stored = entries
    cached = nil
    _ = current
  }

  private func load() -> Settings {
    var settings = Settings.defaults
    let bytes: [UInt8]
    do {
      guard let file = try DurableFile.read(path: SystemPath(path), limit: 1_000_000) else {
        stored = []
        return settings
      }
      bytes = file.bytes
    } catch {
      problem = error.message
      return settings
    }
    guard case .dictionary(let entries)? = try? PropertyListReader.read(bytes) else {
      problem = "it is not a property-list dictionary"
      return settings
    }
    stored = entries
    for entry in entries {
      switch (entry.key, entry.value) {
      case ("unit", .string(let name)):
        if let unit = DistanceUnit(rawValue: name) {
          settings.unit = unit
        } else {
          problem = "unknown unit '\(name)'"
        }
      case ("temperature", .real(let celsius)) where SpeedOfSound.plausibleCelsius.contains(celsius):
        settings.temperature = celsius
      case ("temperature", .integer(let celsius))
      where SpeedOfSound.plausibleCelsius.contains(Double(celsius)):
        settings.temperature = Double(celsius)
      case ("temperature", _):
        problem = "'temperature' is not a plausible air temperature in °C"
      default:
        break
      }
    }
    return settings
  }
}
