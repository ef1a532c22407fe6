import FoundationEssentials
import StormrangeStore

extension MeasurementImport {
  /// How many measurements `import --skip-invalid` would bring back from the file at `path` (a
  /// history `clear` moved aside); 0 when it cannot be read as an import file at all.
  package static func recoverableCount(at path: String, readLimit: Int, now: Date, defaultTemperature: Double) -> Int
  {
    do throws(FileProblem) {
      guard let bytes = try DurableFile.read(path: SystemPath(path), limit: readLimit)?.bytes else {
        return 0
      }
      do throws(ExchangeError) {
        return try MeasurementImport(bytes: bytes, now: now, defaultTemperature: defaultTemperature)
          .measurements.count
      } catch {
        return 0
      }
    } catch {
      return 0
    }
  }
}
