import StormrangeDomain
import StormrangePropertyList

/// Reads and saves ``Settings`` in a small property list (`settings.plist`) holding only the keys the
/// user set; keys it does not know are kept.
///
/// Several processes share the file as they share the history: ``current`` is the file as it is on
/// disk now (one `stat` tells whether another process replaced it since it was read), and ``set(_:to:)``
/// changes one key under the lock `settings.plist.lock`, re-reading the file first, so a change made
/// meanwhile by another terminal is kept.
public final class SettingsStore {
  public let path: SystemPath
  private let lock: FileLock
  private var snapshot: Snapshot?

  /// What one reading of the file gave.
  private struct Snapshot {
    var settings = Settings.defaults
    /// The file's entries, nil when it could not be read as a dictionary.
    var entries: [PropertyListEntry]? = []
    var problem: String?
    /// The identity of the file read, nil when there was none.
    var identity: FileIdentity?
  }

  /// `shouldStop` is asked while `set` waits for another process's lock: true gives it up
  /// (``StoreError/cancelled(lock:)``).
  public init(path: SystemPath, shouldStop: @escaping () -> Bool = { false }) {
    self.path = path
    lock = FileLock(path: path + KeptFiles.lockSuffix, shouldStop: shouldStop)
  }

  /// For a path that is text.
  public convenience init(path: String, shouldStop: @escaping () -> Bool = { false }) {
    self.init(path: SystemPath(path), shouldStop: shouldStop)
  }

  /// The settings in force: the file as it is now, re-read if another process changed it. An
  /// unusable file gives the defaults and a ``problem``.
  public var current: Settings {
    let identity = FileIdentity.of(path: path)
    if let snapshot, snapshot.identity == identity { return snapshot.settings }
    let fresh = Self.load(path, identity: identity)
    snapshot = fresh
    return fresh.settings
  }

  /// Why the file, as ``current`` last found it, could not be used; nil when it could.
  public var problem: String? { snapshot?.problem }

  /// Records one setting and saves the file, under the lock, changing only `key` in the file as it
  /// is now. Refuses to overwrite a file it could not read.
  public func set(_ key: String, to value: PropertyListValue) throws(StoreError) {
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
    guard latest.problem == nil, var entries = latest.entries else {
      throw .settings(
        path: path.description,
        problem: "\(latest.problem ?? "it cannot be read"); fix or remove it before changing settings")
    }
    if let index = entries.firstIndex(where: { $0.key == key }) {
      entries[index].value = value
    } else {
      entries.append(PropertyListEntry(key: key, value: value))
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
      return Snapshot(entries: nil, problem: error.message, identity: identity)
    }
    guard let file else { return Snapshot() }
    guard case .dictionary(let entries)? = try? PropertyListReader.read(file.bytes) else {
      return Snapshot(entries: nil, problem: "it is not a property-list dictionary", identity: file.identity)
    }
    var snapshot = interpret(entries)
    snapshot.identity = file.identity
    return snapshot
  }

  /// The settings the entries hold; the last unusable value is the problem.
  private static func interpret(_ entries: [PropertyListEntry]) -> Snapshot {
    var snapshot = Snapshot(entries: entries)
    for entry in entries {
      switch (entry.key, entry.value) {
      case ("unit", .string(let name)):
        if let unit = DistanceUnit(rawValue: name) {
          snapshot.settings.unit = unit
        } else {
          snapshot.problem = "unknown unit '\(name)'"
        }
      case ("temperature", .real(let celsius)) where SpeedOfSound.plausibleCelsius.contains(celsius):
        snapshot.settings.temperature = celsius
      case ("temperature", .integer(let celsius))
      where SpeedOfSound.plausibleCelsius.contains(Double(celsius)):
        snapshot.settings.temperature = Double(celsius)
      case ("unit", _):
        snapshot.problem = "'unit' is \(entry.value.typeDescription), not the name of a unit"
      case ("temperature", _):
        snapshot.problem = "'temperature' is not a plausible air temperature in °C"
      default:
        break
      }
    }
    return snapshot
  }
}
