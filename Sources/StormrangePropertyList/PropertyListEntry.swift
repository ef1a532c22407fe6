/// One key of a property-list dictionary.
public struct PropertyListEntry: Equatable, Sendable {
  public var key: String
  public var value: PropertyListValue

  public init(key: String, value: PropertyListValue) {
    self.key = key
    self.value = value
  }
}
