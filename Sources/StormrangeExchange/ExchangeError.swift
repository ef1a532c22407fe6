import StormrangeBase
import StormrangeDomain

/// Why a file cannot be imported, or one of its rows: its form (a line, a column, a key that is
/// not what `import` reads), or a measurement the rules refuse. The shell's `StormrangeError` wraps
/// it with the file's name.
package enum ExchangeError: Error, Equatable, Sendable {
  /// The file, or a row, is not in a form `import` reads; the text says where and why.
  case malformed(String)
  /// A row's values make no measurement ``StormrangeDomain/MeasurementRules/imported`` accepts.
  case measurement(MeasurementError)

  /// The one line people read, naming a measurement's values by their columns.
  package var message: String {
    switch self {
    case .malformed(let text): text
    case .measurement(let error): error.message(in: .utc)
    }
  }
}
