import StormrangeBase
import StormrangeDomain

extension MeasurementError {
  /// The error as the one line a person sees (an import's problem with a row, `ingest`'s warning,
  /// ``StormrangeShell/StormrangeError``'s message), worded once in the Domain
  /// (``StormrangeDomain/MeasurementError/message(_:)``): a value named by its column in an import
  /// file (``StormrangeDomain/MeasurementFields/Key/exchangeName``), clock times in `localTime`, the
  /// session's zone.
  package func message(in localTime: LocalTime) -> String {
    message(.person(key: \.exchangeName, localTime: localTime))
  }
}
