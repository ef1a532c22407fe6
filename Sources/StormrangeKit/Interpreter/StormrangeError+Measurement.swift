import StormrangeBase
import StormrangeDomain

extension StormrangeError {
  /// The domain's error as the one line users see (``StormrangeDomain/MeasurementError/message(_:)``):
  /// a value missing or out of place is named by its column (``ExchangeFormat/key(_:)``), as only an
  /// import file gives the values one by one, and clock times are in `localTime`, the session's.
  static func message(for error: MeasurementError, in localTime: LocalTime) -> String {
    error.message(.person(key: ExchangeFormat.key, localTime: localTime))
  }
}
