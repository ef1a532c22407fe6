/// Why bytes could not be read as a property list. `message` is one line for a person.
public struct PropertyListError: Error, Equatable, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}
